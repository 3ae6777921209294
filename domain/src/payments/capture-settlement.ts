import type { Currency } from '../pricing/currency';
import type { RefundReason } from './payment.events';
import type { PaymentState, VerifiedPayment } from './payment.state';

/**
 * What the order stream says about paying the order now, in the payment's minor units.
 * null when there is no order at all.
 */
export interface OrderPayability {
  deleted: boolean;
  /** The payment that paid the order, if any. */
  paidBy: string | null;
  amountMinor: number;
  currency: Currency;
}

/**
 * Where one captured payment stands. Every capture must end `fulfilled` (it paid the order) or
 * `refunded` (the money went back); `fulfil` and `refund` say which of the two is still owed.
 */
export type CaptureSettlement =
  | { kind: 'fulfilled' }
  | { kind: 'refunded'; reason: RefundReason | null }
  | { kind: 'fulfil'; payment: VerifiedPayment }
  | { kind: 'refund'; amountMinor: number; currency: string; reason: RefundReason };

/**
 * The settlement of `paymentId`, or null when the provider never captured it (as far as the
 * payment stream knows). A capture pays the order only when it was verified against the order's
 * terms, the order is neither deleted nor paid by another payment, and its amount and currency
 * are still the order's (the customer may have switched currency since); anything else is
 * refunded in full. A payment that paid the order stays `fulfilled` even if an admin refunds it
 * later: that refund is the order's, not an undoing of a wrong capture.
 */
export function settlementOf(
  payment: PaymentState,
  order: OrderPayability | null,
  paymentId: string,
): CaptureSettlement | null {
  const captured = payment.captures[paymentId];
  if (captured === undefined) return null;
  if (order !== null && order.paidBy === paymentId) return { kind: 'fulfilled' };
  const refund = Object.values(payment.refunds).find((r) => r.paymentId === paymentId);
  if (refund !== undefined) return { kind: 'refunded', reason: refund.reason };
  const refundFor = (reason: RefundReason): CaptureSettlement => ({
    kind: 'refund',
    amountMinor: captured.amountMinor,
    currency: captured.currency,
    reason,
  });
  const verified = payment.verified[paymentId];
  if (verified === undefined) return refundFor('amount_mismatch');
  if (order === null || order.deleted) return refundFor('order_deleted');
  if (order.paidBy !== null) return refundFor('already_paid');
  if (verified.amountMinor !== order.amountMinor || verified.currency !== order.currency) {
    return refundFor('amount_mismatch');
  }
  return { kind: 'fulfil', payment: verified };
}

/**
 * The captures of this order still owed a fulfilment or a refund, in capture order, as if each
 * were settled before the next: once one is to pay the order, the later ones are refunded.
 */
export function unsettledCaptures(
  payment: PaymentState,
  order: OrderPayability | null,
): { paymentId: string; settlement: Extract<CaptureSettlement, { kind: 'fulfil' | 'refund' }> }[] {
  const owed: ReturnType<typeof unsettledCaptures> = [];
  let current = order;
  for (const paymentId of Object.keys(payment.captures)) {
    const settlement = settlementOf(payment, current, paymentId);
    if (settlement?.kind === 'fulfil' || settlement?.kind === 'refund') {
      owed.push({ paymentId, settlement });
    }
    if (settlement?.kind === 'fulfil' && current !== null)
      current = { ...current, paidBy: paymentId };
  }
  return owed;
}
