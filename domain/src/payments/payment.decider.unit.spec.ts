import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '../core/decider';
import { DeciderSpecification } from '../core/decider-spec';
import type { ChargeTerms, PaymentCommand, RecordPayment } from './payment.commands';
import { PAYMENT_MESSAGES, paymentDecider } from './payment.decider';
import type { PaymentEvent, RefundReason } from './payment.events';
import { CHECKOUT_REQUEST_TTL_MS } from './payment.state';

const NOW = '2026-11-22T10:00:00.000Z';
const metadata = (now = NOW): CommandMetadata => ({
  actor: 'user:u1',
  correlationId: 'c1',
  causationId: null,
  now,
});
const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

const spec = DeciderSpecification.for(paymentDecider);
const INR: ChargeTerms = { amountMinor: 20_000, currency: 'INR' };
const USD: ChargeTerms = { amountMinor: 300, currency: 'USD' };

const requested = (requestId = 'r1', terms = INR, requestedAt = NOW): PaymentEvent => ({
  type: 'CheckoutRequested',
  data: { orderId: 'o1', requestId, ...terms, receipt: 'o1', requestedAt },
});
const started = (providerOrderId = 'order_1', requestId = 'r1', terms = INR): PaymentEvent => ({
  type: 'CheckoutStarted',
  data: { orderId: 'o1', requestId, providerOrderId, ...terms, receipt: 'o1' },
});
const verified = (paymentId = 'pay_1', source: 'verify' | 'webhook' = 'verify'): PaymentEvent => ({
  type: 'PaymentVerified',
  data: { orderId: 'o1', providerOrderId: 'order_1', paymentId, ...INR, source },
});

const requestCheckout = (terms = INR, requestId = 'r2', now = NOW): PaymentCommand => ({
  type: 'RequestCheckout',
  data: { orderId: 'o1', requestId, ...terms, receipt: 'o1' },
  metadata: metadata(now),
});
const startCheckout = (requestId = 'r1', providerOrderId = 'order_1'): PaymentCommand => ({
  type: 'StartCheckout',
  data: { orderId: 'o1', requestId, providerOrderId, ...INR, receipt: 'o1' },
  metadata: metadata(),
});
const recordPayment = (overrides: Partial<RecordPayment['data']> = {}): PaymentCommand => ({
  type: 'RecordPayment',
  data: {
    orderId: 'o1',
    providerOrderId: 'order_1',
    paymentId: 'pay_1',
    amountMinor: INR.amountMinor,
    currency: INR.currency,
    expected: INR,
    source: 'webhook',
    ...overrides,
  },
  metadata: metadata(),
});

describe('checkout', () => {
  it('claims the right to create a provider order when none is open', () => {
    spec
      .given([])
      .when(requestCheckout(INR, 'r1'))
      .then([requested('r1')]);
  });

  it('reuses the open provider order while amount and currency still match', () => {
    spec.given([requested(), started()]).when(requestCheckout()).then([]);
  });

  it('claims a new provider order when the currency changed', () => {
    spec
      .given([requested(), started()])
      .when(requestCheckout(USD, 'r2'))
      .then([requested('r2', USD)]);
  });

  it('lets a concurrent caller wait for a fresh claim instead of creating a second order', () => {
    spec
      .given([requested('r1')])
      .when(requestCheckout(INR, 'r2'))
      .then([]);
  });

  it('takes over a claim whose claimant went silent', () => {
    const now = later(CHECKOUT_REQUEST_TTL_MS);
    spec
      .given([requested('r1')])
      .when(requestCheckout(INR, 'r2', now))
      .then([requested('r2', INR, now)]);
  });

  it('claims again at once after an aborted claim', () => {
    spec
      .given([
        requested('r1'),
        { type: 'CheckoutRequestAborted', data: { orderId: 'o1', requestId: 'r1', reason: 'x' } },
      ])
      .when(requestCheckout(INR, 'r2'))
      .then([requested('r2')]);
  });

  it('starts the checkout only for the caller holding the claim', () => {
    spec
      .given([requested('r1')])
      .when(startCheckout('r1'))
      .then([started()]);
    spec
      .given([requested('r2')])
      .when(startCheckout('r1'))
      .thenThrows('conflict', PAYMENT_MESSAGES.checkoutFailed);
  });

  it('is idempotent when a start is retried', () => {
    spec.given([requested(), started()]).when(startCheckout('r1')).then([]);
  });

  it('refuses a checkout once paid, and a zero amount', () => {
    spec
      .given([requested(), started(), verified()])
      .when(requestCheckout())
      .thenThrows('conflict', PAYMENT_MESSAGES.alreadyPaid);
    spec
      .given([])
      .when(requestCheckout({ amountMinor: 0, currency: 'INR' }))
      .thenThrows('conflict', PAYMENT_MESSAGES.noPaymentRequired);
  });

  it('claims again once the verified payment was refunded for not fitting the order', () => {
    const refunded: PaymentEvent = {
      type: 'RefundIssued',
      data: {
        orderId: 'o1',
        paymentId: 'pay_1',
        refundId: 'rfnd_1',
        ...INR,
        reason: 'amount_mismatch',
      },
    };
    spec
      .given([requested(), started(), verified(), refunded])
      .when(requestCheckout(USD, 'r2'))
      .then([requested('r2', USD)]);
  });

  it('aborts only its own claim', () => {
    const abort = (requestId: string): PaymentCommand => ({
      type: 'AbortCheckoutRequest',
      data: { orderId: 'o1', requestId, reason: 'provider down' },
      metadata: metadata(),
    });
    spec
      .given([requested('r2')])
      .when(abort('r1'))
      .then([]);
    spec
      .given([requested('r1')])
      .when(abort('r1'))
      .then([
        {
          type: 'CheckoutRequestAborted',
          data: { orderId: 'o1', requestId: 'r1', reason: 'provider down' },
        },
      ]);
  });
});

describe('recording a captured payment', () => {
  const history = [requested(), started()];

  it('verifies a payment of the order amount', () => {
    spec
      .given(history)
      .when(recordPayment())
      .then([verified('pay_1', 'webhook')]);
  });

  it('keeps how the customer paid when the channel learnt it, and leaves it out when not', () => {
    const withMethod = verified('pay_1', 'webhook');
    spec
      .given(history)
      .when(recordPayment({ method: 'upi' }))
      .then([{ ...withMethod, data: { ...withMethod.data, method: 'upi' } } as PaymentEvent]);
    const fresh = history.reduce(paymentDecider.evolve, paymentDecider.initialState());
    const [unknown] = paymentDecider.decide(recordPayment(), fresh);
    expect(unknown?.data).not.toHaveProperty('method');
  });

  it('yields one PaymentVerified however often verify and webhook report it', () => {
    spec
      .given([...history, verified('pay_1', 'verify')])
      .when(recordPayment())
      .then([]);
  });

  it('only for a provider order issued for this order', () => {
    spec
      .given(history)
      .when(recordPayment({ providerOrderId: 'order_forged' }))
      .thenThrows('invalid', PAYMENT_MESSAGES.verificationFailed);
    spec.given([]).when(recordPayment()).thenThrows('invalid', PAYMENT_MESSAGES.verificationFailed);
  });

  it('accepts a late report on a superseded provider order of the same order', () => {
    spec
      .given([...history, requested('r2', USD), started('order_2', 'r2', USD)])
      .when(recordPayment({ expected: USD }))
      .then([
        {
          type: 'PaymentAmountMismatch',
          data: {
            orderId: 'o1',
            providerOrderId: 'order_1',
            paymentId: 'pay_1',
            expectedAmountMinor: 300,
            expectedCurrency: 'USD',
            gotAmountMinor: 20_000,
            gotCurrency: 'INR',
            source: 'webhook',
          },
        },
      ]);
  });

  it('records a mismatch, and never verifies that payment afterwards', () => {
    const mismatch: PaymentEvent = {
      type: 'PaymentAmountMismatch',
      data: {
        orderId: 'o1',
        providerOrderId: 'order_1',
        paymentId: 'pay_1',
        expectedAmountMinor: 20_000,
        expectedCurrency: 'INR',
        gotAmountMinor: 100,
        gotCurrency: 'INR',
        source: 'webhook',
      },
    };
    spec
      .given(history)
      .when(recordPayment({ amountMinor: 100 }))
      .then([mismatch]);
    spec
      .given([...history, mismatch])
      .when(recordPayment({ source: 'verify' }))
      .then([]);
    spec
      .given(history)
      .when({
        type: 'RecordAmountMismatch',
        data: {
          orderId: 'o1',
          providerOrderId: 'order_1',
          paymentId: 'pay_1',
          expected: INR,
          gotAmountMinor: 100,
          gotCurrency: 'INR',
          source: 'webhook',
        },
        metadata: metadata(),
      })
      .then([mismatch]);
  });

  it('records a failure once and ignores it after capture', () => {
    const failure: PaymentCommand = {
      type: 'RecordPaymentFailure',
      data: { orderId: 'o1', providerOrderId: 'order_1', paymentId: 'pay_1', reason: 'declined' },
      metadata: metadata(),
    };
    const failed: PaymentEvent = { type: 'PaymentFailed', data: { ...failure.data } };
    spec.given(history).when(failure).then([failed]);
    spec
      .given([...history, failed])
      .when(failure)
      .then([]);
    spec
      .given([...history, verified()])
      .when(failure)
      .then([]);
    // A failed attempt leaves the checkout open: the customer may pay again on it.
    spec
      .given([...history, failed])
      .when(requestCheckout())
      .then([]);
  });
});

describe('refunds', () => {
  const refund = (
    refundId = 'rfnd_1',
    amountMinor = INR.amountMinor,
    reason: RefundReason = 'requested',
  ): PaymentCommand => ({
    type: 'RecordRefund',
    data: { orderId: 'o1', paymentId: 'pay_1', refundId, amountMinor, currency: 'INR', reason },
    metadata: metadata(),
  });
  const issued: PaymentEvent = {
    type: 'RefundIssued',
    data: { orderId: 'o1', paymentId: 'pay_1', refundId: 'rfnd_1', ...INR, reason: 'requested' },
  };
  const paid = [requested(), started(), verified()];

  it('records a refund of a verified payment once', () => {
    spec.given(paid).when(refund()).then([issued]);
    spec
      .given([...paid, issued])
      .when(refund())
      .then([]);
  });

  it('refunds a mismatched capture in full, with its reason', () => {
    const mismatched: PaymentEvent = {
      type: 'PaymentAmountMismatch',
      data: {
        orderId: 'o1',
        providerOrderId: 'order_1',
        paymentId: 'pay_1',
        expectedAmountMinor: 300,
        expectedCurrency: 'USD',
        gotAmountMinor: 20_000,
        gotCurrency: 'INR',
        source: 'verify',
      },
    };
    spec
      .given([requested(), started(), mismatched])
      .when(refund('rfnd_1', 20_000, 'amount_mismatch'))
      .then([{ ...issued, data: { ...issued.data, reason: 'amount_mismatch' } }]);
    spec
      .given([requested(), started(), mismatched])
      .when(refund('rfnd_1', 20_001, 'amount_mismatch'))
      .thenThrows('conflict', PAYMENT_MESSAGES.refundTooLarge);
  });

  it('refuses refunds of an unpaid order or beyond the payment', () => {
    spec
      .given([requested(), started()])
      .when(refund())
      .thenThrows('conflict', PAYMENT_MESSAGES.notPaid);
    spec
      .given([...paid, issued])
      .when(refund('rfnd_2', 1))
      .thenThrows('conflict', PAYMENT_MESSAGES.refundTooLarge);
  });
});
