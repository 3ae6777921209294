/**
 * How long an order may wait for its payment. An unpaid order holds the customer's upload and
 * form (personal data) and, for a service order, up to 10 MB of file: one never paid is removed
 * after this many days, the way the customer's own Delete removes it (OrderDeleted, its key and
 * files erased). Seven days leave a week for a customer who ordered on a Friday to pay from
 * payday or after asking someone, and the checkout says so beside every unpaid order.
 */
export const UNPAID_ORDER_EXPIRY_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an unpaid order placed at `placedAt` is removed (the daily job takes it on its next run). */
export function unpaidOrderExpiresAt(placedAt: Date | string): Date {
  return new Date(new Date(placedAt).getTime() + UNPAID_ORDER_EXPIRY_DAYS * DAY_MS);
}
