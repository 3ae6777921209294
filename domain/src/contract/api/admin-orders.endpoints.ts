import { z } from 'zod';
import { ADMIN_SETTABLE_STATUSES, ORDER_STATUSES } from '../../index';
import { multiLineText, singleLineText } from '../text';
import { ADMIN_MESSAGES } from './admin.messages';
import { orderSchema } from './order-view';
import { pageOf, pagingSchema } from './paging';
import { idParamsSchema } from './params';
import { defineRoute } from './route';

/** An order on the admin list: the customer's Order plus who placed it (null once erased). */
export const adminOrderItemSchema = orderSchema.extend({
  user: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }),
});
export type AdminOrderItem = z.infer<typeof adminOrderItemSchema>;

/** An admin command's answer: what it said and the order as it now reads. */
const orderChangeSchema = z.object({ message: z.string(), order: orderSchema });

/** GET /admin/orders: paid orders, newest first, searched and filtered by status (SPEC §7). */
export const listAdminOrdersRoute = defineRoute({
  method: 'GET',
  path: '/admin/orders',
  audience: 'admin',
  summary: 'List paid orders, searched by order id, e-mail or name, filtered by status or lateness',
  query: pagingSchema.extend({
    // The filter's "All" sends an empty value (or none).
    status: z.preprocess(
      (value) => (value === '' || value === 'all' ? undefined : value),
      z.enum(ORDER_STATUSES).optional(),
    ),
    // The dashboard's "past the 48-hour promise" link: `overdue=1` (or true) keeps only those.
    overdue: z.preprocess(
      (value) => (value === '1' || value === 'true' || value === true ? true : undefined),
      z.literal(true).optional(),
    ),
  }),
  response: pageOf(adminOrderItemSchema),
});

// GET /admin/orders/{id} (the details drawer) is admin-order-detail.endpoints.ts.

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

/** POST /admin/orders/{id}/attachments: one delivery file, multipart `file` (SPEC §2). */
export const uploadOrderAttachmentRoute = defineRoute({
  method: 'POST',
  path: '/admin/orders/:id/attachments',
  audience: 'admin',
  summary: 'Attach a delivery file (PDF, DOC or DOCX) to an order',
  params: idParamsSchema,
  multipart: true,
  response: orderChangeSchema,
});

/** DELETE /admin/orders/{id}/attachments/{filename}: removes one delivery file. */
export const deleteOrderAttachmentRoute = defineRoute({
  method: 'DELETE',
  path: '/admin/orders/:id/attachments/:filename',
  audience: 'admin',
  summary: 'Remove a delivery file from an order',
  params: idParamsSchema.extend({
    filename: singleLineText().trim().min(1, ADMIN_MESSAGES.missingFilename).max(300),
  }),
  response: orderChangeSchema,
});

/** PUT /admin/orders/{id}/suggestions: the review's written suggestions (resume_review only). */
export const saveOrderSuggestionsRoute = defineRoute({
  method: 'PUT',
  path: '/admin/orders/:id/suggestions',
  audience: 'admin',
  summary: 'Save the written suggestions of a resume review',
  params: idParamsSchema,
  body: z.object({
    text: multiLineText().max(20_000, 'Suggestions must be at most 20000 characters.'),
  }),
  response: orderChangeSchema,
});

/** POST /admin/orders/{id}/refund: a full refund of a paid order while it is pending (SPEC §1). */
export const refundOrderRoute = defineRoute({
  method: 'POST',
  path: '/admin/orders/:id/refund',
  audience: 'admin',
  summary: 'Refund a paid order in full while it is pending',
  params: idParamsSchema,
  response: z.object({
    message: z.string(),
    refund: z.object({
      orderId: z.string(),
      refundId: z.string(),
      amountMinor: z.number().int(),
      currency: z.string(),
    }),
    /** The order as the admin list now shows it: refunded. */
    order: orderSchema,
  }),
});
