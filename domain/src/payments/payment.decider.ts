import { assertNever, type Command, type Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import type { Currency } from '../pricing/currency';
import type {
  CheckoutRequested,
  PaymentAmountMismatch,
  PaymentEvent,
  PaymentSource,
} from './payment.events';

export const PAYMENT_MESSAGES = {
  alreadyPaid: 'This order is already paid.',
  noPaymentRequired: 'No payment required',
  /** SPEC §8 wording: a report for a provider order we never issued for this order. */
  verificationFailed: 'Payment verification failed.',
  /** SPEC §8 wording: our claim to create the provider order was taken over or does not fit. */
  checkoutFailed: 'Failed to start checkout.',
  notPaid: 'This order is not paid.',
  refundTooLarge: 'The refund is larger than what is left of the payment.',
} as const;

/**
 * How long a checkout claim blocks other callers. Longer than the provider adapter's request
 * timeout, so a live claimant always finishes first; a crashed one is taken over after it.
 */
export const CHECKOUT_REQUEST_TTL_MS = 30_000;

/** What a checkout charges, in the provider's minor units. */
export interface ChargeTerms {
  amountMinor: number;
  currency: Currency;
}

export type RequestCheckout = Command<
  'RequestCheckout',
  { orderId: string; requestId: string; receipt: string } & ChargeTerms
>;
export type StartCheckout = Command<
  'StartCheckout',
  { orderId: string; requestId: string; providerOrderId: string; receipt: string } & ChargeTerms
>;
export type AbortCheckoutRequest = Command<
  'AbortCheckoutRequest',
  { orderId: string; requestId: string; reason: string }
>;
/** A captured payment as the provider reported it, with what the order charges. */
export type RecordPayment = Command<
  'RecordPayment',
  {
    orderId: string;
    providerOrderId: string;
    paymentId: string;
    amountMinor: number;
    currency: string;
    expected: ChargeTerms;
    source: PaymentSource;
  }
>;
export type RecordPaymentFailure = Command<
  'RecordPaymentFailure',
  { orderId: string; providerOrderId: string; paymentId: string; reason: string }
>;
export type RecordAmountMismatch = Command<
  'RecordAmountMismatch',
  {
    orderId: string;
    providerOrderId: string;
    paymentId: string;
    expected: ChargeTerms;
    gotAmountMinor: number;
    gotCurrency: string;
    source: PaymentSource;
  }
>;
export type RecordRefund = Command<
  'RecordRefund',
  { orderId: string; paymentId: string; refundId: string } & ChargeTerms
>;

export type PaymentCommand =
  | RequestCheckout
  | StartCheckout
  | AbortCheckoutRequest
  | RecordPayment
  | RecordPaymentFailure
  | RecordAmountMismatch
  | RecordRefund;

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

function knownProviderOrder(state: PaymentState, providerOrderId: string): ChargeTerms {
  const terms = state.providerOrders[providerOrderId];
  // Verification only for a provider order we issued for this order (ARCHITECTURE.md).
  if (terms === undefined) throw new DomainError('invalid', PAYMENT_MESSAGES.verificationFailed);
  return terms;
}

/** A payment's first decisive report wins: verified or mismatched, never both, never twice. */
function alreadySettled(state: PaymentState, paymentId: string): boolean {
  return isPaymentVerified(state, paymentId) || state.mismatched.includes(paymentId);
}

function mismatch(data: RecordAmountMismatch['data']): PaymentAmountMismatch {
  return {
    type: 'PaymentAmountMismatch',
    data: {
      orderId: data.orderId,
      providerOrderId: data.providerOrderId,
      paymentId: data.paymentId,
      expectedAmountMinor: data.expected.amountMinor,
      expectedCurrency: data.expected.currency,
      gotAmountMinor: data.gotAmountMinor,
      gotCurrency: data.gotCurrency,
      source: data.source,
    },
  };
}

function requestCheckout(command: RequestCheckout, state: PaymentState): PaymentEvent[] {
  const { data } = command;
  if (!Number.isSafeInteger(data.amountMinor) || data.amountMinor <= 0) {
    throw new DomainError('conflict', PAYMENT_MESSAGES.noPaymentRequired);
  }
  if (hasVerifiedPayment(state)) throw new DomainError('conflict', PAYMENT_MESSAGES.alreadyPaid);
  if (checkoutDecision(state, data, command.metadata.now).kind !== 'claim') return [];
  const requested: CheckoutRequested = {
    type: 'CheckoutRequested',
    data: {
      orderId: data.orderId,
      requestId: data.requestId,
      amountMinor: data.amountMinor,
      currency: data.currency,
      receipt: data.receipt,
      requestedAt: command.metadata.now,
    },
  };
  return [requested];
}

function startCheckout(command: StartCheckout, state: PaymentState): PaymentEvent[] {
  const { data } = command;
  // A retried start after a lost answer: the provider order is already ours.
  if (state.providerOrders[data.providerOrderId] !== undefined) return [];
  if (hasVerifiedPayment(state)) throw new DomainError('conflict', PAYMENT_MESSAGES.alreadyPaid);
  const pending = state.pendingRequest;
  // Our claim went stale and another caller took over: its provider order is the open one.
  if (pending === null || pending.requestId !== data.requestId || !sameTerms(pending, data)) {
    throw new DomainError('conflict', PAYMENT_MESSAGES.checkoutFailed);
  }
  return [
    {
      type: 'CheckoutStarted',
      data: {
        orderId: data.orderId,
        requestId: data.requestId,
        providerOrderId: data.providerOrderId,
        amountMinor: data.amountMinor,
        currency: data.currency,
        receipt: data.receipt,
      },
    },
  ];
}

function recordPayment(command: RecordPayment, state: PaymentState): PaymentEvent[] {
  const { data } = command;
  knownProviderOrder(state, data.providerOrderId);
  if (alreadySettled(state, data.paymentId)) return [];
  const { expected } = data;
  if (data.amountMinor !== expected.amountMinor || data.currency !== expected.currency) {
    return [
      mismatch({
        orderId: data.orderId,
        providerOrderId: data.providerOrderId,
        paymentId: data.paymentId,
        expected,
        gotAmountMinor: data.amountMinor,
        gotCurrency: data.currency,
        source: data.source,
      }),
    ];
  }
  return [
    {
      type: 'PaymentVerified',
      data: {
        orderId: data.orderId,
        providerOrderId: data.providerOrderId,
        paymentId: data.paymentId,
        amountMinor: expected.amountMinor,
        currency: expected.currency,
        source: data.source,
      },
    },
  ];
}

function decide(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'RequestCheckout':
      return requestCheckout(command, state);
    case 'StartCheckout':
      return startCheckout(command, state);
    case 'AbortCheckoutRequest': {
      const { data } = command;
      if (state.pendingRequest?.requestId !== data.requestId) return [];
      return [
        {
          type: 'CheckoutRequestAborted',
          data: { orderId: data.orderId, requestId: data.requestId, reason: data.reason },
        },
      ];
    }
    case 'RecordPayment':
      return recordPayment(command, state);
    case 'RecordPaymentFailure': {
      const { data } = command;
      knownProviderOrder(state, data.providerOrderId);
      // A payment id fails once; a failure reported after its capture is stale news.
      if (alreadySettled(state, data.paymentId) || state.failed.includes(data.paymentId)) return [];
      return [{ type: 'PaymentFailed', data: { ...data } }];
    }
    case 'RecordAmountMismatch': {
      const { data } = command;
      knownProviderOrder(state, data.providerOrderId);
      if (alreadySettled(state, data.paymentId)) return [];
      return [mismatch(data)];
    }
    case 'RecordRefund': {
      const { data } = command;
      if (state.refunds[data.refundId] !== undefined) return [];
      const payment = state.verified[data.paymentId];
      if (payment === undefined) throw new DomainError('conflict', PAYMENT_MESSAGES.notPaid);
      const refunded = Object.values(state.refunds)
        .filter((refund) => refund.paymentId === data.paymentId)
        .reduce((sum, refund) => sum + refund.amountMinor, 0);
      if (data.currency !== payment.currency || refunded + data.amountMinor > payment.amountMinor) {
        throw new DomainError('conflict', PAYMENT_MESSAGES.refundTooLarge);
      }
      return [
        {
          type: 'RefundIssued',
          data: {
            orderId: data.orderId,
            paymentId: data.paymentId,
            refundId: data.refundId,
            amountMinor: data.amountMinor,
            currency: data.currency,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: PaymentState, event: PaymentEvent): PaymentState {
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

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  decide,
  evolve,
  initialState: initialPaymentState,
};
