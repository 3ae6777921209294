import { z } from 'zod';
import { ORDER_STATUSES } from '../../index';

/**
 * The SPEC §3 Order as the apps read it. As a response schema it is also the guard against
 * leaks: storage ids, the owner's user id, payment ids and the resume form never leave.
 */
export const orderSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  userEmail: z.string().nullable(),
  service: z.string(),
  planName: z.string(),
  description: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(['paid', 'unpaid']),
  amount: z.number(),
  currency: z.string(),
  date: z.string(),
  createdAt: z.string(),
  inputs: z.object({ linkedinUrl: z.null() }),
  customerUploads: z.array(z.object({ name: z.string(), url: z.string() })),
  attachments: z.array(z.object({ name: z.string(), filename: z.string(), url: z.string() })),
  invoiceUrl: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  hasReviewSuggestions: z.boolean(),
  reviewSuggestions: z.string().nullable(),
  /**
   * When each step happened, from the events' times (the customer's timeline); null for a step
   * not (or no longer) reached. `dueAt`: the 48-hour promise, while the work is open.
   */
  timeline: z.object({
    placedAt: z.string(),
    paidAt: z.string().nullable(),
    startedAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    refundedAt: z.string().nullable(),
    dueAt: z.string().nullable(),
  }),
  /** Something was delivered that the customer has not opened yet. */
  newDelivery: z.boolean(),
});
export type OrderView = z.infer<typeof orderSchema>;
export type OrderTimelineView = OrderView['timeline'];
