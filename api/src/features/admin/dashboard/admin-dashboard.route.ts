import { DELIVERY_PROMISE_HOURS, getAdminDashboardRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';

const HOUR_MS = 3_600_000;

/**
 * GET /admin/dashboard: the counts of what waits, each the size of a list the screen links to:
 * paid orders pending and processing (the Orders list filtered by status), paid orders not
 * completed whose payment is older than the 48-hour promise, open contact queries, influencer
 * queries not yet resolved, and payouts requested and not yet handled.
 */
export const adminDashboardRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getAdminDashboardRoute),
    handler: async () => {
      const promiseEnds = new Date(Date.now() - DELIVERY_PROMISE_HOURS * HOUR_MS);
      const count = <Row extends { count: string }>(row: Row) => Number(row.count);
      const [byStatus, overdue, queries, influencerQueries, payouts] = await Promise.all([
        app.db
          .selectFrom('orders')
          .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
          .where('payment_status', '=', 'paid')
          .where('status', 'in', ['pending', 'processing'])
          .groupBy('status')
          .execute(),
        app.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('payment_status', '=', 'paid')
          .where('status', 'in', ['pending', 'processing'])
          .where((eb) => eb(eb.fn.coalesce('paid_at', 'created_at'), '<', promiseEnds))
          .executeTakeFirstOrThrow(),
        app.db
          .selectFrom('queries')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('deleted', '=', false)
          .where('status', '=', 'open')
          .executeTakeFirstOrThrow(),
        app.db
          .selectFrom('influencer_queries')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('status', 'in', ['open', 'in_progress'])
          .executeTakeFirstOrThrow(),
        app.db
          .selectFrom('payouts')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('status', '=', 'requested')
          .executeTakeFirstOrThrow(),
      ]);
      const inStatus = (status: string) => {
        const row = byStatus.find((entry) => entry.status === status);
        return row ? count(row) : 0;
      };
      return {
        orders: { pending: inStatus('pending'), processing: inStatus('processing') },
        overdueOrders: count(overdue),
        openQueries: count(queries),
        openInfluencerQueries: count(influencerQueries),
        payoutsRequested: count(payouts),
      };
    },
  });
};
