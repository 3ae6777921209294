import { ORDER_STATUSES } from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderSchema, toOrderView } from '../../../shared/orders/order-view';
import {
  authErrors,
  containsPattern,
  idParamsSchema,
  messageSchema,
  offsetOf,
  pagingSchema,
} from '../admin.schemas';
import { findOrderView } from './admin-order';

/** An order on the admin list: the customer's Order plus who placed it (null once erased). */
const adminOrderItemSchema = orderSchema.extend({
  user: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }),
});

const listQuerySchema = pagingSchema.extend({
  // The filter's "All" sends an empty value (or none).
  status: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(ORDER_STATUSES).optional(),
  ),
});

/**
 * GET /admin/orders (SPEC §7): paid orders only (SPEC §4: unpaid ones are carts, not work),
 * newest first, filtered by status and by a search on the order id, the e-mail or the
 * customer's name; GET /admin/orders/{id}: any one order, paid or not (the details drawer).
 */
export const listOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        querystring: listQuerySchema,
        response: {
          200: z.object({ items: z.array(adminOrderItemSchema), total: z.number().int() }),
          400: messageSchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const { q, status } = request.query;
      let base = app.db
        .selectFrom('orders')
        .leftJoin('users', 'users.id', 'orders.user_id')
        .where('orders.payment_status', '=', 'paid');
      if (status !== undefined) base = base.where('orders.status', '=', status);
      if (q !== undefined) {
        const pattern = containsPattern(q);
        base = base.where((eb) =>
          eb.or([
            eb('orders.id', 'ilike', pattern),
            eb('orders.user_email', 'ilike', pattern),
            eb('users.email', 'ilike', pattern),
            eb('users.name', 'ilike', pattern),
          ]),
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
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        params: idParamsSchema,
        response: { 200: z.object({ order: orderSchema }), 404: messageSchema, ...authErrors },
      },
    },
    async (request) => ({ order: await findOrderView(app, request.params.id) }),
  );
};
