import { DELIVERY_PROMISE_HOURS, listAdminOrdersRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';
import { toOrderView } from '../../../shared/orders/order-view';
import { containsPattern, offsetOf } from '../admin-lists';

/**
 * GET /admin/orders (SPEC §7): paid orders only (SPEC §4: unpaid ones are carts, not work),
 * newest first, filtered by status and by a search on the order id, the e-mail or the
 * customer's name, or only those past the 48-hour promise (`overdue`). One order's details
 * are order-detail.route.ts.
 */
export const listOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, listAdminOrdersRoute, [400]),
    handler: async (request) => {
      const { q, status } = request.query;
      let base = app.db
        .selectFrom('orders')
        .leftJoin('users', 'users.id', 'orders.user_id')
        .where('orders.payment_status', '=', 'paid');
      if (status !== undefined) base = base.where('orders.status', '=', status);
      if (request.query.overdue) {
        // The dashboard's count of late orders, as a list (admin-dashboard.route.ts).
        const promiseEnds = new Date(Date.now() - DELIVERY_PROMISE_HOURS * 3_600_000);
        base = base
          .where('orders.status', 'in', ['pending', 'processing'])
          .where((eb) =>
            eb(eb.fn.coalesce('orders.paid_at', 'orders.created_at'), '<', promiseEnds),
          );
      }
      if (q !== undefined) {
        const pattern = containsPattern(q);
        // The matches of each table found by its own trigram indexes, then united: one OR over
        // both sides of the join could only be checked row by row over every paid order.
        base = base.where('orders.id', 'in', (eb) =>
          eb
            .selectFrom('orders as own')
            .select('own.id')
            .where((match) =>
              match.or([
                match('own.id', 'ilike', pattern),
                match('own.user_email', 'ilike', pattern),
              ]),
            )
            .union(
              eb
                .selectFrom('users as account')
                .innerJoin('orders as placed', 'placed.user_id', 'account.id')
                .select('placed.id')
                .where((match) =>
                  match.or([
                    match('account.email', 'ilike', pattern),
                    match('account.name', 'ilike', pattern),
                  ]),
                ),
            ),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll('orders')
          .select(['users.name as account_name', 'users.email as account_email'])
          .orderBy('orders.created_at', 'desc')
          .orderBy('orders.id', 'desc')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((row) => ({
          ...toOrderView(row),
          user: { id: row.user_id, name: row.account_name, email: row.account_email },
        })),
        total: Number(count.count),
      };
    },
  });
};
