import { getCustomerStatsRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';

/**
 * GET /me/stats: the caller's counts for the profile page (SPEC §3 "Stats response").
 * SPEC names the numbers but not their rules; they are defined here as:
 * - totals.orders: every order the caller has (paid or not; deleted ones are gone);
 * - totals.resumes: those that are resume_from_scratch orders (built with the form);
 * - orders.pending: paid orders not finished yet (status pending or processing): work we owe;
 *   an unpaid order is awaiting payment, not pending work (SPEC §4);
 * - orders.completed: orders whose status is completed.
 */
export const customerStatsRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getCustomerStatsRoute, [403]),
    handler: async (request) => {
      const counts = await app.db
        .selectFrom('orders')
        .where('user_id', '=', request.user.id)
        .select((eb) => [
          eb.fn.countAll<string>().as('orders'),
          eb.fn.countAll<string>().filterWhere('service', '=', 'resume_from_scratch').as('resumes'),
          eb.fn
            .countAll<string>()
            .filterWhere((f) =>
              f.and([
                f('payment_status', '=', 'paid'),
                // 'paid' as a status reads as pending (SPEC §4).
                f('status', 'in', ['pending', 'processing', 'paid']),
              ]),
            )
            .as('pending'),
          eb.fn.countAll<string>().filterWhere('status', '=', 'completed').as('completed'),
        ])
        .executeTakeFirstOrThrow();
      return {
        ok: true as const,
        totals: { resumes: Number(counts.resumes), orders: Number(counts.orders) },
        orders: { pending: Number(counts.pending), completed: Number(counts.completed) },
      };
    },
  });
};
