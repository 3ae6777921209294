import { getAdminStatsRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';

/**
 * GET /admin/stats: the dashboard's two counts (SPEC §3 "Admin stats"). SPEC names them but not
 * their rules; they are defined here as:
 * - users: accounts that exist now, customers and admins alike (registered and not erased),
 *   the same set, and so the same number, as GET /admin/users lists without a search;
 * - resumes: paid resume_from_scratch orders, i.e. resumes we were paid to build. Unpaid
 *   orders are carts awaiting payment (SPEC §4) and do not show on the admin side anywhere.
 * The web calls it with limit=1 (SPEC §2, a leftover of counting through the lists): accepted
 * and ignored.
 */
export const adminStatsRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getAdminStatsRoute),
    handler: async () => {
      const [users, resumes] = await Promise.all([
        app.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('erased_at', 'is', null)
          .executeTakeFirstOrThrow(),
        app.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('service', '=', 'resume_from_scratch')
          .where('payment_status', '=', 'paid')
          .executeTakeFirstOrThrow(),
      ]);
      return { users: Number(users.count), resumes: Number(resumes.count) };
    },
  });
};
