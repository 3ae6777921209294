import { assertNever } from '../core/decider';
import type { ChargeTerms } from './payment.commands';
import type { PaymentEvent } from './payment.events';

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
  refunds: Readonly<Record<string, { paymentId: string } & ChargeTerms>>;
}

export const initialPaymentState = (): PaymentState => ({
  orderId: null,
  pendingRequest: null,
  openCheckout: null,
  providerOrders: {},
  verified: {},
  mismatched: [],
  failed: [],
  refunds: {},
});

export function isPaymentVerified(state: PaymentState, paymentId: string): boolean {
  return state.verified[paymentId] !== undefined;
}

export function hasVerifiedPayment(state: PaymentState): boolean {
  return Object.keys(state.verified).length > 0;
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
      };
    case 'RefundIssued': {
      const { refundId, paymentId, amountMinor, currency } = event.data;
      return {
        ...withOrder,
        refunds: { ...withOrder.refunds, [refundId]: { paymentId, amountMinor, currency } },
      };
    }
    default:
      return assertNever(event);
  }
}
