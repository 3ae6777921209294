import { describe, expect, it } from 'vitest';
import { type OrderPayability, settlementOf, unsettledCaptures } from './capture-settlement';
import { paymentDecider } from './payment.decider';
import type { PaymentEvent } from './payment.events';

// Given a payment stream, when the order stands so, then the capture is owed this settlement.
const INR = { amountMinor: 85_000, currency: 'INR' as const };
const USD = { amountMinor: 1_700, currency: 'USD' as const };

const opened: PaymentEvent[] = [
  {
    type: 'CheckoutRequested',
    data: { orderId: 'o1', requestId: 'r1', ...INR, receipt: 'o1', requestedAt: 'now' },
  },
  {
    type: 'CheckoutStarted',
    data: { orderId: 'o1', requestId: 'r1', providerOrderId: 'order_1', ...INR, receipt: 'o1' },
  },
];
const verified = (paymentId: string): PaymentEvent => ({
  type: 'PaymentVerified',
  data: { orderId: 'o1', providerOrderId: 'order_1', paymentId, ...INR, source: 'verify' },
});
const mismatched: PaymentEvent = {
  type: 'PaymentAmountMismatch',
  data: {
    orderId: 'o1',
    providerOrderId: 'order_1',
    paymentId: 'pay_1',
    expectedAmountMinor: USD.amountMinor,
    expectedCurrency: USD.currency,
    gotAmountMinor: INR.amountMinor,
    gotCurrency: INR.currency,
    source: 'webhook',
  },
};
const refunded = (paymentId: string): PaymentEvent => ({
  type: 'RefundIssued',
  data: { orderId: 'o1', paymentId, refundId: `rfnd_${paymentId}`, ...INR, reason: 'already_paid' },
});

const given = (events: PaymentEvent[]) =>
  events.reduce(paymentDecider.evolve, paymentDecider.initialState());
const order = (overrides: Partial<OrderPayability> = {}): OrderPayability => ({
  deleted: false,
  paidBy: null,
  ...INR,
  ...overrides,
});

describe('settlement of a captured payment', () => {
  it('is owed a fulfilment when it matches an unpaid order', () => {
    expect(settlementOf(given([...opened, verified('pay_1')]), order(), 'pay_1')).toEqual({
      kind: 'fulfil',
      payment: { providerOrderId: 'order_1', ...INR },
    });
  });

  it('is fulfilled once it paid the order, even after an admin refund', () => {
    const payment = given([...opened, verified('pay_1'), refunded('pay_1')]);
    expect(settlementOf(payment, order({ paidBy: 'pay_1' }), 'pay_1')).toEqual({
      kind: 'fulfilled',
    });
  });

  it('is owed a refund of what was captured when the customer switched currency', () => {
    expect(settlementOf(given([...opened, mismatched]), order(USD), 'pay_1')).toEqual({
      kind: 'refund',
      ...INR,
      reason: 'amount_mismatch',
    });
    // Verified in INR, then the order went to USD before it was marked paid.
    expect(settlementOf(given([...opened, verified('pay_1')]), order(USD), 'pay_1')).toEqual({
      kind: 'refund',
      ...INR,
      reason: 'amount_mismatch',
    });
  });

  it('is owed a refund when the order was deleted or paid by another payment', () => {
    const payment = given([...opened, verified('pay_1')]);
    expect(settlementOf(payment, order({ deleted: true }), 'pay_1')).toMatchObject({
      kind: 'refund',
      reason: 'order_deleted',
    });
    expect(settlementOf(payment, null, 'pay_1')).toMatchObject({
      kind: 'refund',
      reason: 'order_deleted',
    });
    expect(settlementOf(payment, order({ paidBy: 'pay_0' }), 'pay_1')).toMatchObject({
      kind: 'refund',
      reason: 'already_paid',
    });
  });

  it('is refunded once a refund of it is recorded, and owes nothing more', () => {
    const payment = given([...opened, verified('pay_1'), refunded('pay_1')]);
    expect(settlementOf(payment, order({ paidBy: 'pay_0' }), 'pay_1')).toEqual({
      kind: 'refunded',
      reason: 'already_paid',
    });
    expect(unsettledCaptures(payment, order({ paidBy: 'pay_0' }))).toEqual([]);
  });

  it('is nothing for a payment the provider never captured', () => {
    expect(settlementOf(given(opened), order(), 'pay_1')).toBeNull();
  });

  it('lists only the captures still owed something', () => {
    const payment = given([...opened, verified('pay_1'), verified('pay_2')]);
    expect(unsettledCaptures(payment, order({ paidBy: 'pay_1' }))).toEqual([
      { paymentId: 'pay_2', settlement: { kind: 'refund', ...INR, reason: 'already_paid' } },
    ]);
  });
});
