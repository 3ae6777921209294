import type { OrderView } from '@shortlist/domain/contract';
import { type ChipTone, normalizeOrderStatus } from '@shortlist/web-kit';
import { isPaid } from './order-facts';

/**
 * Where an order stands for its customer. Finer than the order's status: "pending" is both an
 * order waiting for its payment and a paid one waiting for the work to start, and a refunded
 * order is still `paymentStatus: 'paid'` in the contract but must never read as paid.
 */
export type OrderStage =
  | 'awaiting_payment'
  | 'paid_waiting'
  | 'free_waiting'
  | 'in_progress'
  | 'delivered'
  | 'completed'
  | 'refunded'
  | 'failed'
  | 'cancelled';

export function orderStage(order: OrderView): OrderStage {
  const status = normalizeOrderStatus(order.status);
  if (status === 'refunded' || status === 'failed' || status === 'cancelled') return status;
  if (status === 'completed') return 'completed';
  if (!isPaid(order)) return order.amount > 0 ? 'awaiting_payment' : 'free_waiting';
  if (order.timeline.deliveredAt !== null) return 'delivered';
  return status === 'processing' ? 'in_progress' : 'paid_waiting';
}

/** The same tones the status chips use for the statuses these stages refine (UI.md). */
export const STAGE_TONES: Readonly<Record<OrderStage, ChipTone>> = {
  awaiting_payment: 'warning',
  paid_waiting: 'warning',
  free_waiting: 'warning',
  in_progress: 'info',
  delivered: 'info',
  completed: 'success',
  refunded: 'neutral',
  failed: 'danger',
  cancelled: 'neutral',
};

/** The payment as the customer reads it: a refunded order's money went back. */
export type PaymentShown = 'paid' | 'unpaid' | 'refunded';

export function paymentShown(order: OrderView): PaymentShown {
  if (normalizeOrderStatus(order.status) === 'refunded') return 'refunded';
  return isPaid(order) ? 'paid' : 'unpaid';
}

export type TimelineStepId = 'placed' | 'paid' | 'started' | 'delivered' | 'completed' | 'refunded';

export interface TimelineStep {
  id: TimelineStepId;
  /** When it happened; null for a step not reached, or passed over without its own event. */
  at: string | null;
  /** done: reached (or passed over); next: the step the order waits for; upcoming: later. */
  state: 'done' | 'next' | 'upcoming';
}

/**
 * The order's steps top to bottom in time order (UI.md "Timelines"): placed, paid, in progress,
 * delivered, then completed, or refunded in its place. A refund ends the timeline at the steps
 * actually reached; a step the admins passed over (Complete straight from Pending) shows done
 * without a time of its own.
 */
export function timelineSteps(order: OrderView): TimelineStep[] {
  const { timeline } = order;
  const refunded = normalizeOrderStatus(order.status) === 'refunded';
  const completed = normalizeOrderStatus(order.status) === 'completed';
  const times: [TimelineStepId, string | null][] = [
    ['placed', timeline.placedAt],
    ['paid', timeline.paidAt],
    ['started', timeline.startedAt],
    ['delivered', timeline.deliveredAt],
  ];
  const reached = refunded ? times.filter(([id, at]) => id === 'placed' || at !== null) : times;
  const all: [TimelineStepId, string | null][] = refunded
    ? [...reached, ['refunded', timeline.refundedAt]]
    : [...reached, ['completed', completed ? timeline.completedAt : null]];
  // Closed orders have every step done; otherwise the last step with a time is where it is.
  const closed = refunded || completed;
  // A paid order has passed its payment even when the read model has no time for it.
  let last = 0;
  all.forEach(([id, at], index) => {
    if (at !== null || (id === 'paid' && isPaid(order))) last = index;
  });
  return all.map(([id, at], index) => ({
    id,
    at,
    state: closed || index <= last ? 'done' : index === last + 1 ? 'next' : 'upcoming',
  }));
}

/** The time of the step the order is at now: what the Status column shows under its stage. */
export function currentStepTime(order: OrderView): string {
  const done = timelineSteps(order).filter((step) => step.state === 'done' && step.at !== null);
  return done.at(-1)?.at ?? order.createdAt;
}
