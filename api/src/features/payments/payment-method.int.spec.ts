import { randomUUID } from 'node:crypto';
import { orderStreamName, paymentStreamName } from '@shortlist/domain';
import type { OrderPaymentView } from '@shortlist/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../shared/payments/payment-provider.port';
import {
  createPaymentsTestApp,
  eventually,
  type PaymentsTestApp,
} from '../../testing/payments-test-kit';

// How the customer paid, from the sandbox's payment (paid by UPI) to the admin's order drawer
// (GET /api/admin/orders/{id}), by each channel that can settle a payment, on the real app.
let t: PaymentsTestApp;
let admin: string;

beforeAll(async () => {
  t = await createPaymentsTestApp();
  admin = await t.tokenFor({ id: randomUUID(), role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

/** The drawer's payment facts once the orders read model shows the order paid. */
async function paymentFacts(orderId: string): Promise<OrderPaymentView | null> {
  let payment: OrderPaymentView | null = null;
  await eventually(async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${orderId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { order: { paymentStatus: string }; payment: OrderPaymentView };
    expect(body.order.paymentStatus).toBe('paid');
    payment = body.payment;
  });
  return payment;
}

describe('the payment method in the admin order drawer', () => {
  it('is the one the customer chose, learnt from the provider by verify', async () => {
    const { orderId, customer, providerOrderId } = await t.checkedOut();
    const paid = await t.pay(providerOrderId);
    const verified = await t.post('/payments/verify', { orderId, ...paid }, customer.token);
    expect(verified.status).toBe(200);
    expect(await paymentFacts(orderId)).toMatchObject({
      paymentId: paid.razorpay_payment_id,
      providerOrderId,
      method: 'upi',
    });
    const [settled] = (await t.events(paymentStreamName(orderId))).filter(
      (event) => event.type === 'PaymentVerified',
    );
    expect(settled?.data).toMatchObject({ source: 'verify', method: 'upi' });
  });

  it('is the one the webhook names when no verify ever comes', async () => {
    const { orderId, providerOrderId } = await t.checkedOut();
    const paid = await t.pay(providerOrderId);
    const captured = t.emitted.find(
      (e) =>
        e.event === 'payment.captured' && e.payload.payment?.entity.order_id === providerOrderId,
    );
    if (captured === undefined) throw new Error('no payment.captured');
    expect(await t.deliver(captured)).toBe(200);
    await eventually(async () => {
      expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(1);
    });
    expect(await paymentFacts(orderId)).toMatchObject({
      paymentId: paid.razorpay_payment_id,
      method: 'upi',
    });
  });

  it('is recorded as unknown, and the order still paid, when the provider cannot be asked', async () => {
    const { provider } = t.services.payments;
    const fetchPayment = provider.fetchPayment;
    provider.fetchPayment = async () => {
      throw new PaymentProviderError(null, 'NETWORK_ERROR', 'Razorpay unreachable: test');
    };
    try {
      const { orderId, customer, providerOrderId } = await t.checkedOut();
      const paid = await t.pay(providerOrderId);
      const verified = await t.post('/payments/verify', { orderId, ...paid }, customer.token);
      expect(verified).toMatchObject({ status: 200, body: { paymentStatus: 'paid' } });
      expect(await paymentFacts(orderId)).toMatchObject({
        paymentId: paid.razorpay_payment_id,
        method: null,
      });
    } finally {
      provider.fetchPayment = fetchPayment;
    }
  });
});
