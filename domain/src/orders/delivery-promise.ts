import type { OrderStatus } from './order.events';

/** SPEC's promise: a delivery within 48 hours of payment (About: "typical turnaround of 48h"). */
export const DELIVERY_PROMISE_HOURS = 48;

const HOUR_MS = 3_600_000;

/**
 * When the promised delivery is due: 48 hours after the payment, for as long as the work is open
 * (paid, pending or processing). Null before the payment and once the order is completed,
 * refunded, failed or cancelled: no promise is pending then.
 */
export function deliveryDueAt(paidAt: string | null, status: OrderStatus): string | null {
  if (paidAt === null || (status !== 'pending' && status !== 'processing')) return null;
  const paid = Date.parse(paidAt);
  return Number.isNaN(paid)
    ? null
    : new Date(paid + DELIVERY_PROMISE_HOURS * HOUR_MS).toISOString();
}
