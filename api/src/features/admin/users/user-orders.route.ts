import { listAdminUserOrdersRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';
import { ORDER_VIEW_COLUMNS, toOrderView } from '../../../shared/orders/order-view';

/**
 * GET /admin/users/{id}/orders: the Users screen's drawer. Unlike the Orders list it shows
 * unpaid orders too: "what did this customer try to buy" is the question it answers. An id
 * with no orders (or no account) answers an empty list.
 */
export const userOrdersRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, listAdminUserOrdersRoute, [400]),
    handler: async (request) => {
      const rows = await app.db
        .selectFrom('orders')
        .select(ORDER_VIEW_COLUMNS)
        .where('user_id', '=', request.params.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return { items: rows.map(toOrderView) };
    },
  });
};
