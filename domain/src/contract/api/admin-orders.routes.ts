import { z } from 'zod';
import { ADMIN_SETTABLE_STATUSES } from '../../orders/order.events';
import { singleLineText } from '../text';
import { orderSchema } from './order-view';
import { defineRoute } from './route';

/** Ids are server-made UUIDs; anything else finds nothing (404), unless it is not text (400). */
export const idParamsSchema = z.object({ id: singleLineText().min(1).max(100) });

/** PATCH /admin/orders/{id}: the list's Set Pending / Processing / Complete (SPEC §4). */
export const setOrderStatusRoute = defineRoute({
  method: 'PATCH',
  path: '/admin/orders/:id',
  audience: 'admin',
  summary: 'Set an order pending, processing or completed',
  params: idParamsSchema,
  body: z.object({ status: z.enum(ADMIN_SETTABLE_STATUSES) }),
  response: z.object({ order: orderSchema, message: z.string() }),
});
