import { ORDER_STATUSES, type OrderStatus } from '@shortlist/domain';

export type ChipTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';

export type PaymentStatusValue = 'paid' | 'unpaid';

const ORDER_STATUS_LOOK: Readonly<Record<OrderStatus, { label: string; tone: ChipTone }>> = {
  pending: { label: 'Pending', tone: 'warning' },
  processing: { label: 'Processing', tone: 'info' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

/**
 * SPEC §4: a missing status, or 'paid' written into the status field, is shown as pending.
 * Anything else unknown is treated the same way, so a chip never shows a raw server value.
 */
export function normalizeOrderStatus(status: string | null | undefined): OrderStatus {
  const value = status?.trim().toLowerCase();
  return isOrderStatus(value) ? value : 'pending';
}

function isOrderStatus(value: string | undefined): value is OrderStatus {
  return value !== undefined && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function orderStatusLook(status: string | null | undefined): {
  label: string;
  tone: ChipTone;
} {
  return ORDER_STATUS_LOOK[normalizeOrderStatus(status)];
}

/** SPEC §4: only 'paid' is paid; everything else counts as awaiting payment. */
export function normalizePaymentStatus(status: string | null | undefined): PaymentStatusValue {
  return status?.trim().toLowerCase() === 'paid' ? 'paid' : 'unpaid';
}

export function paymentStatusLook(status: string | null | undefined): {
  label: string;
  tone: ChipTone;
} {
  return normalizePaymentStatus(status) === 'paid'
    ? { label: 'Paid', tone: 'success' }
    : { label: 'Unpaid', tone: 'warning' };
}
