import { DELIVERY_PROMISE_HOURS, listAdminOrdersRoute } from '@shortlist/domain/contract';
import { type Database, selectPrepared } from '@shortlist/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type QueryCreator, sql } from 'kysely';
import { contractRoute } from '../../../shared/contract-route';
import { ORDER_VIEW_COLUMNS, toOrderView } from '../../../shared/orders/order-view';
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
      const offset = offsetOf(request.query);
      // Which paid orders the filters keep, as narrow rows: the page and the count are taken
      // from them, and the wide rows (a resume is stored inline) and the accounts are read for
      // the page's rows only. Joining first made the planner read every paid order to sort 2%
      // of them (98 ms p99 at 100k orders).
      const matching = (db: QueryCreator<Database>) => {
        let query = (q === undefined ? db.selectFrom('orders') : searched(db, q)).where(
          'orders.payment_status',
          '=',
          'paid',
        );
        if (status !== undefined) query = query.where('orders.status', '=', status);
        if (request.query.overdue) {
          // The dashboard's count of late orders, as a list (admin-dashboard.route.ts).
          const promiseEnds = new Date(Date.now() - DELIVERY_PROMISE_HOURS * 3_600_000);
          query = query
            .where('orders.status', 'in', ['pending', 'processing'])
            .where((eb) =>
              eb(eb.fn.coalesce('orders.paid_at', 'orders.created_at'), '<', promiseEnds),
            );
        }
        return query.select(['orders.id', 'orders.created_at']);
      };
      const listed = app.db
        // A search's matches are found once and kept for both the page and the count. Without
        // a search the filters are inlined into both instead, so each is served by the
        // (payment_status, created_at) index: the page reads the newest entries only, and
        // keeping every paid order for the count would cost more than the count itself.
        .with(
          (cte) =>
            q === undefined ? cte('matching').notMaterialized() : cte('matching').materialized(),
          matching,
        )
        .with('page', (db) =>
          db
            .selectFrom('matching')
            .select(['matching.id', 'matching.created_at'])
            .orderBy('matching.created_at', 'desc')
            .orderBy('matching.id', 'desc')
            .limit(request.query.limit)
            .offset(offset),
        )
        .selectFrom('page')
        .innerJoin('orders', 'orders.id', 'page.id')
        .leftJoin('users', 'users.id', 'orders.user_id')
        .select(ORDER_VIEW_COLUMNS.map((column) => `orders.${column}` as const))
        .select(['users.name as account_name', 'users.email as account_email'])
        .select((eb) =>
          eb
            .selectFrom('matching')
            .select((count) => count.fn.countAll<string>().as('count'))
            .as('total'),
        )
        .orderBy('page.created_at', 'desc')
        .orderBy('page.id', 'desc');
      // The list as it opens (no search) is the hot read: planned once per connection, it
      // costs PostgreSQL half the CPU. A search is planned each time, for its own pattern.
      const rows =
        q === undefined ? await selectPrepared(app.db, listed.compile()) : await listed.execute();
      // Every row carries the total; a page past the end has none to carry it.
      const total =
        rows[0]?.total ??
        (offset === 0
          ? '0'
          : (
              await app.db
                .selectFrom(matching(app.db).as('matching'))
                .select((eb) => eb.fn.countAll<string>().as('count'))
                .executeTakeFirstOrThrow()
            ).count);
      return {
        items: rows.map((row) => ({
          ...toOrderView(row),
          user: { id: row.user_id, name: row.account_name, email: row.account_email },
        })),
        total: Number(total),
      };
    },
  });
};

/**
 * The orders a search matches, as rows of the columns the filters and the page read, taken as
 * each table's trigram indexes find them and united: one OR over both sides of a join could
 * only be checked row by row over every paid order. The matching accounts are handed on as an
 * array (= any(array(…))), so their orders are probed by user id instead of hash-joined against
 * a scan of every order.
 */
function searched(db: QueryCreator<Database>, q: string) {
  const pattern = containsPattern(q);
  const columns = ['id', 'created_at', 'payment_status', 'status', 'paid_at'] as const;
  const accounts = db
    .selectFrom('users as account')
    .select('account.id')
    .where((match) =>
      match.or([match('account.email', 'ilike', pattern), match('account.name', 'ilike', pattern)]),
    );
  const matched = db
    .selectFrom('orders as own')
    .select(columns.map((column) => `own.${column}` as const))
    .where((match) =>
      match.or([match('own.id', 'ilike', pattern), match('own.user_email', 'ilike', pattern)]),
    )
    .union(
      db
        .selectFrom('orders as placed')
        .select(columns.map((column) => `placed.${column}` as const))
        .where(sql<boolean>`placed.user_id = any(array(${accounts}))`),
    );
  return db.selectFrom(matched.as('orders'));
}
