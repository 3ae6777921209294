import { assertNever } from '../core/decider';
import type { ChargeTerms } from './payment.commands';
import type { PaymentEvent, RefundReason } from './payment.events';

/**
 * How long a checkout claim blocks other callers. Longer than the provider adapter's request
 * timeout, so a live claimant always finishes first; a crashed one is taken over after it.
 */
export const CHECKOUT_REQUEST_TTL_MS = 30_000;

export interface OpenCheckout extends ChargeTerms {
  providerOrderId: string;
  receipt: string;
}

export interface PendingCheckoutRequest extends ChargeTerms {
  requestId: string;
  requestedAt: string;
}

export interface VerifiedPayment extends ChargeTerms {
  providerOrderId: string;
}

/** Money the provider captured, verified or not: what a refund of it may return. */
export interface CapturedMoney {
  providerOrderId: string;
  amountMinor: number;
  /** As the provider reported it (a mismatch may name a currency we do not sell in). */
  currency: string;
}

export interface RecordedRefund extends ChargeTerms {
  paymentId: string;
  reason: RefundReason | null;
}

export interface PaymentState {
  orderId: string | null;
  pendingRequest: PendingCheckoutRequest | null;
  /** The one provider order a customer may pay now; null once paid or before any checkout. */
  openCheckout: OpenCheckout | null;
  /** Every provider order ever issued for this order: a late report on an old one is still ours. */
  providerOrders: Readonly<Record<string, ChargeTerms>>;
  verified: Readonly<Record<string, VerifiedPayment>>;
  mismatched: readonly string[];
  failed: readonly string[];
  /** Every captured payment (verified or mismatched), by payment id. */
  captures: Readonly<Record<string, CapturedMoney>>;
  refunds: Readonly<Record<string, RecordedRefund>>;
}

export const initialPaymentState = (): PaymentState => ({
  orderId: null,
  pendingRequest: null,
  openCheckout: null,
  providerOrders: {},
  verified: {},
  mismatched: [],
  failed: [],
  captures: {},
  refunds: {},
});

export function isPaymentVerified(state: PaymentState, paymentId: string): boolean {
  return state.verified[paymentId] !== undefined;
}

/**
 * A verified payment the customer still has paid: one refunded automatically (it could not pay
 * the order, e.g. the currency changed before it was marked paid) leaves the order to pay again.
 */
export function hasVerifiedPayment(state: PaymentState): boolean {
  const refunded = new Set(Object.values(state.refunds).map((refund) => refund.paymentId));
  return Object.keys(state.verified).some((paymentId) => !refunded.has(paymentId));
}

export function sameTerms(a: ChargeTerms, b: ChargeTerms): boolean {
  return a.amountMinor === b.amountMinor && a.currency === b.currency;
}

/**
 * What a checkout for these terms would do now: reuse the open provider order, wait for a
 * fresh claim by another caller, or claim the right to create a new provider order (none open,
 * or the open one is for other terms, e.g. the customer switched currency).
 */
export type CheckoutDecision =
  | { kind: 'reuse'; checkout: OpenCheckout }
  | { kind: 'wait'; request: PendingCheckoutRequest }
  | { kind: 'claim' };

export function checkoutDecision(
  state: PaymentState,
  terms: ChargeTerms,
  now: string,
): CheckoutDecision {
  const open = state.openCheckout;
  if (open !== null && sameTerms(open, terms)) return { kind: 'reuse', checkout: open };
  const pending = state.pendingRequest;
  if (pending !== null && !isStale(pending, now)) return { kind: 'wait', request: pending };
  return { kind: 'claim' };
}

function isStale(request: PendingCheckoutRequest, now: string): boolean {
  return Date.parse(now) - Date.parse(request.requestedAt) >= CHECKOUT_REQUEST_TTL_MS;
}

/** Folds one event into the state (the decider's `evolve`). */
export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  const withOrder = { ...state, orderId: state.orderId ?? event.data.orderId };
  switch (event.type) {
    case 'CheckoutRequested': {
      const { requestId, amountMinor, currency, requestedAt } = event.data;
      return { ...withOrder, pendingRequest: { requestId, amountMinor, currency, requestedAt } };
    }
    case 'CheckoutRequestAborted':
      return withOrder.pendingRequest?.requestId === event.data.requestId
        ? { ...withOrder, pendingRequest: null }
        : withOrder;
    case 'CheckoutStarted': {
      const { providerOrderId, amountMinor, currency, receipt } = event.data;
      return {
        ...withOrder,
        pendingRequest: null,
        // One open checkout per order: a new provider order supersedes the previous one.
        openCheckout: { providerOrderId, amountMinor, currency, receipt },
        providerOrders: {
          ...withOrder.providerOrders,
          [providerOrderId]: { amountMinor, currency },
        },
      };
    }
    case 'PaymentVerified': {
      const { paymentId, providerOrderId, amountMinor, currency } = event.data;
      return {
        ...withOrder,
        openCheckout: null,
        verified: {
          ...withOrder.verified,
          [paymentId]: { providerOrderId, amountMinor, currency },
        },
        captures: {
          ...withOrder.captures,
          [paymentId]: { providerOrderId, amountMinor, currency },
        },
      };
    }
    case 'PaymentFailed':
      return { ...withOrder, failed: [...withOrder.failed, event.data.paymentId] };
    case 'PaymentAmountMismatch':
      return {
        ...withOrder,
        // The provider order was paid (wrongly), so nobody can pay it again: it is no longer open.
        openCheckout:
          withOrder.openCheckout?.providerOrderId === event.data.providerOrderId
            ? null
            : withOrder.openCheckout,
        mismatched: [...withOrder.mismatched, event.data.paymentId],
        captures: {
          ...withOrder.captures,
          [event.data.paymentId]: {
            providerOrderId: event.data.providerOrderId,
            amountMinor: event.data.gotAmountMinor,
            currency: event.data.gotCurrency,
          },
        },
      };
    case 'RefundIssued': {
      const { refundId, paymentId, amountMinor, currency } = event.data;
      const reason = event.data.reason ?? null;
      return {
        ...withOrder,
        refunds: {
          ...withOrder.refunds,
          [refundId]: { paymentId, amountMinor, currency, reason },
        },
      };
    }
    default:
      return assertNever(event);
  }
}
