import { z } from 'zod';
import { idParamsSchema } from './params';
import { defineRoute } from './route';

/** One event of an order's audit trail, as recorded (storage ids and hashes redacted). */
export const auditEntrySchema = z.object({
  stream: z.string(),
  type: z.string(),
  /** The decision's time, else when the store recorded it. */
  at: z.string(),
  /** 'admin:{id}', 'user:{id}', 'system:{reactor}', 'provider:razorpay'…; null if not recorded. */
  actor: z.string().nullable(),
  /** The account's name when the actor is an admin or a customer who has one (erased: null). */
  actorName: z.string().nullable(),
  version: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** The order's audit trail (the admin drawer's History tab): every event of the order and its payment, in order. */
export const getAuditTrailRoute = defineRoute({
  method: 'GET',
  path: '/admin/orders/:id/history',
  audience: 'admin',
  summary: "Read an order's audit trail: the events of the order and of its payment",
  params: idParamsSchema,
  response: z.object({ items: z.array(auditEntrySchema) }),
});
