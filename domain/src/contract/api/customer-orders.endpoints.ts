import { z } from 'zod';
import { currencySchema, resumePayloadSchema } from '../../index';
import { singleLineText } from '../text';
import { orderSchema } from './order-view';
import { idParamsSchema } from './params';
import { defineRoute, messageSchema } from './route';

/**
 * POST /resume: the builder's form (SPEC §3) becomes a resume_from_scratch order in the
 * payload's currency; the client goes on to checkout with the orderId. A refusal names the
 * first problem only, as the builder shows one message at a time.
 */
export const placeResumeOrderRoute = defineRoute({
  method: 'POST',
  path: '/resume',
  audience: 'customer',
  summary: "Order a resume built from the builder's form",
  status: 201,
  body: resumePayloadSchema,
  response: z.object({ message: z.string(), orderId: z.string() }),
});

// The upload services are read by Home on its first paint: they live apart from these schemas.
export { isUploadService, UPLOAD_SERVICES, type UploadService } from './upload-services';

/**
 * POST /orders/service (multipart: service, description, currency, then file): rewrite or
 * review. From the ATS check page also atsCheck=1 and the optional jobDescription, before the
 * file: the server checks the stored file itself and records that check on the order.
 */
export const placeServiceOrderRoute = defineRoute({
  method: 'POST',
  path: '/orders/service',
  audience: 'customer',
  summary: 'Order a rewrite or a review of an uploaded resume',
  status: 201,
  multipart: true,
  response: z.object({ orderId: z.string() }),
});

/** SPEC §3 "Stats response": the caller's counts for the profile page. */
export const customerStatsSchema = z.object({
  ok: z.literal(true),
  totals: z.object({ resumes: z.number().int(), orders: z.number().int() }),
  orders: z.object({ pending: z.number().int(), completed: z.number().int() }),
});
export type CustomerStats = z.infer<typeof customerStatsSchema>;

export const getCustomerStatsRoute = defineRoute({
  method: 'GET',
  path: '/me/stats',
  audience: 'customer',
  summary: "Count the caller's resumes and orders",
  response: customerStatsSchema,
});

/** GET /orders/history/{email}: every order of the caller (the e-mail must be their own). */
export const listMyOrdersRoute = defineRoute({
  method: 'GET',
  path: '/orders/history/:email',
  audience: 'customer',
  summary: "List the caller's orders, newest first, paid and unpaid",
  params: z.object({ email: singleLineText().max(320) }),
  response: z.object({ orders: z.array(orderSchema) }),
});

/** GET /orders/{id}: the owner's order (or any, for an admin). */
export const getOrderRoute = defineRoute({
  method: 'GET',
  path: '/orders/:id',
  audience: 'customer',
  summary: "Read one of the caller's orders",
  params: idParamsSchema,
  response: z.object({ order: orderSchema }),
});

/** GET /orders/{id}/suggestions: the review's text; null when none yet. */
export const getOrderSuggestionsRoute = defineRoute({
  method: 'GET',
  path: '/orders/:id/suggestions',
  audience: 'customer',
  summary: 'Read the written suggestions of a resume review',
  params: idParamsSchema,
  response: z.object({ reviewSuggestions: z.string().nullable() }),
});

/** DELETE /orders/{id}: the owner deletes an unpaid order, with its personal data and files. */
export const deleteOrderRoute = defineRoute({
  method: 'DELETE',
  path: '/orders/:id',
  audience: 'customer',
  summary: 'Delete an unpaid order',
  params: idParamsSchema,
  response: messageSchema,
});

/** PATCH /orders/{id}/currency: the checkout's currency toggle (re-prices an unpaid order). */
export const changeOrderCurrencyRoute = defineRoute({
  method: 'PATCH',
  path: '/orders/:id/currency',
  audience: 'customer',
  summary: 'Change the currency of an unpaid order',
  params: idParamsSchema,
  body: z.object({ currency: singleLineText().pipe(currencySchema) }),
  response: z.object({ order: orderSchema, message: z.string() }),
});

/**
 * POST /orders/{id}/delivery-opened: the owner opened what was delivered (a file, the
 * suggestions); the order's "new delivery" marker goes. Opening it again records nothing.
 */
export const openOrderDeliveryRoute = defineRoute({
  method: 'POST',
  path: '/orders/:id/delivery-opened',
  audience: 'customer',
  summary: "Record that the customer opened their order's delivery",
  params: idParamsSchema,
  response: z.object({ order: orderSchema }),
});

/** The bytes are streamed; the apps follow the Order's `url`s rather than call these. */
const fileAnswer = z.unknown().describe('the file, as an attachment');

export const downloadOrderUploadRoute = defineRoute({
  method: 'GET',
  path: '/orders/:id/uploads/:index',
  audience: 'customer',
  summary: "Download the customer's uploaded file of an order",
  params: idParamsSchema.extend({ index: z.coerce.number().int().min(0).max(100) }),
  response: fileAnswer,
});

export const downloadOrderAttachmentRoute = defineRoute({
  method: 'GET',
  path: '/orders/:id/attachments/:filename',
  audience: 'customer',
  summary: 'Download a delivered file of an order',
  params: idParamsSchema.extend({ filename: singleLineText().min(1).max(300) }),
  response: fileAnswer,
});

/** GET /orders/{id}/receipt: a printable HTML receipt of a paid order (a link target). */
export const getOrderReceiptRoute = defineRoute({
  method: 'GET',
  path: '/orders/:id/receipt',
  audience: 'customer',
  summary: 'Show the receipt of a paid order as an HTML page',
  params: idParamsSchema,
  response: z.string(),
});
