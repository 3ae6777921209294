import { randomUUID } from 'node:crypto';
import { ORDER_MESSAGES, orderStreamName, paymentStreamName } from '@shortlist/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSignature } from './razorpay-signature';
import {
  KEY_ID,
  KEY_SECRET,
  type PaymentTestApp,
  startPaymentTestApp,
} from './testing/payment-test-app';

// Checkout and verify over HTTP: real PostgreSQL event store, the sandbox on the same port driven
// through the real razorpay SDK, a stub auth hook (x-test-user) standing in for the JWT context.
let t: PaymentTestApp;

beforeAll(async () => {
  t = await startPaymentTestApp({ autoWebhooks: false });
});
afterAll(async () => {
  await t?.close();
});

function verifyBody(
  orderId: string,
  paid: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
) {
  return { orderId, ...paid };
}

describe('POST /api/payments/checkout', () => {
  it('answers the Checkout.js options for the order, amount in minor units from the price table', async () => {
    const userId = `u-${randomUUID()}`;
    const orderId = await t.placeOrder({ userId });
    const started = await t.post('/api/payments/checkout', { orderId, amount: 1 }, userId);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({
      razorpay: {
        key: KEY_ID,
        amount: 85_000,
        currency: 'INR',
        description: 'ATS Resume – From Scratch',
        order_id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
        prefill: { email: `${userId}@example.com` },
      },
      message: 'Checkout started.',
      checkoutScriptUrl: `${t.baseUrl}/sandbox/razorpay/checkout.js`,
    });
    const providerOrder = await t.sandbox.fetchOrder(
      (started.body.razorpay as { order_id: string }).order_id,
    );
    expect(providerOrder).toMatchObject({ amount: 85_000, currency: 'INR', receipt: orderId });
  });

  it('refuses a caller who does not own the order (403) and an unknown order (404)', async () => {
    const orderId = await t.placeOrder({ userId: 'owner' });
    const stranger = await t.post('/api/payments/checkout', { orderId }, 'stranger');
    expect(stranger).toEqual({ status: 403, body: { message: ORDER_MESSAGES.notYours } });
    const unknown = await t.post('/api/payments/checkout', { orderId: randomUUID() }, 'owner');
    expect(unknown.status).toBe(404);
    expect(await t.events(paymentStreamName(orderId))).toEqual([]);
  });

  it('creates ONE provider order for 10 concurrent checkouts of one order', async () => {
    const userId = `u-${randomUUID()}`;
    const orderId = await t.placeOrder({ userId });
    const before = t.calls.createOrder;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.post('/api/payments/checkout', { orderId }, userId)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => (a.body.razorpay as { order_id: string }).order_id));
    expect(ids.size).toBe(1);
    expect(t.calls.createOrder - before).toBe(1);
    expect(await t.sandbox.ordersWithReceipt(orderId)).toHaveLength(1);
    expect(await t.countOf(paymentStreamName(orderId), 'CheckoutStarted')).toBe(1);
  });

  it('reuses the open provider order, and opens a new one when the currency changed', async () => {
    const { orderId, userId, providerOrderId } = await t.checkedOut();
    const again = await t.post('/api/payments/checkout', { orderId }, userId);
    expect((again.body.razorpay as { order_id: string }).order_id).toBe(providerOrderId);

    await t.onOrder(orderId, { type: 'ChangeOrderCurrency', data: { userId, currency: 'USD' } });
    const usd = await t.post('/api/payments/checkout', { orderId }, userId);
    expect(usd.body.razorpay).toMatchObject({ amount: 1_700, currency: 'USD' });
    expect((usd.body.razorpay as { order_id: string }).order_id).not.toBe(providerOrderId);
  });
});

describe('POST /api/payments/verify', () => {
  it('marks the order paid once however often the same verify is replayed', async () => {
    const { orderId, userId, providerOrderId } = await t.checkedOut();
    const paid = await t.pay(providerOrderId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.post('/api/payments/verify', verifyBody(orderId, paid), userId),
      ),
    );
    expect(answers).toEqual(
      Array(5).fill({ status: 200, body: { message: 'Payment verified.', paymentStatus: 'paid' } }),
    );
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(1);
    expect(await t.countOf(paymentStreamName(orderId), 'PaymentVerified')).toBe(1);
    const paidAgain = await t.post('/api/payments/checkout', { orderId }, userId);
    expect(paidAgain).toEqual({ status: 409, body: { message: 'This order is already paid.' } });
  });

  it('refuses a forged signature and changes nothing', async () => {
    const { orderId, userId, providerOrderId } = await t.checkedOut();
    const paid = await t.pay(providerOrderId);
    const forged = [
      {
        ...paid,
        razorpay_signature: checkoutSignature(
          'not-the-secret',
          providerOrderId,
          paid.razorpay_payment_id,
        ),
      },
      { ...paid, razorpay_payment_id: 'pay_Forged00000001' },
      // A genuine signature of a DIFFERENT provider order cannot be pointed at this order.
      {
        ...paid,
        razorpay_order_id: 'order_Other000000001',
        razorpay_signature: checkoutSignature(
          KEY_SECRET,
          'order_Other000000001',
          paid.razorpay_payment_id,
        ),
      },
    ];
    const before = await t.typesOf(paymentStreamName(orderId));
    for (const attempt of forged) {
      const answer = await t.post('/api/payments/verify', verifyBody(orderId, attempt), userId);
      expect(answer).toEqual({ status: 400, body: { message: 'Payment verification failed.' } });
    }
    expect(await t.typesOf(paymentStreamName(orderId))).toEqual(before);
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(0);
  });

  it("refuses someone else's verify (403)", async () => {
    const { orderId, providerOrderId } = await t.checkedOut();
    const paid = await t.pay(providerOrderId);
    const answer = await t.post('/api/payments/verify', verifyBody(orderId, paid), 'intruder');
    expect(answer.status).toBe(403);
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(0);
  });
});
