import { assertNever, type Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import type {
  ChargeTerms,
  PaymentCommand,
  RecordAmountMismatch,
  RecordPayment,
  RequestCheckout,
  StartCheckout,
} from './payment.commands';
import type { CheckoutRequested, PaymentAmountMismatch, PaymentEvent } from './payment.events';
import { paymentEvents } from './payment.events';
import {
  checkoutDecision,
  evolvePayment,
  hasVerifiedPayment,
  initialPaymentState,
  isPaymentVerified,
  type PaymentState,
  sameTerms,
} from './payment.state';

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
        // Left out rather than written as undefined: unknown reads the same as in older events.
        ...(data.method === undefined ? {} : { method: data.method }),
        ...(data.instrument === undefined ? {} : { instrument: data.instrument }),
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
      // Any captured payment may be refunded, a mismatched one included: that is how money
      // which could not pay the order goes back to the customer.
      const payment = state.captures[data.paymentId];
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
            reason: data.reason,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  decide,
  evolve: evolvePayment,
  catalogue: paymentEvents,
  initialState: initialPaymentState,
};
