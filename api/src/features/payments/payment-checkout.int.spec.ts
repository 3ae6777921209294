import { randomUUID } from 'node:crypto';
import { ORDER_MESSAGES, orderStreamName, paymentStreamName } from '@shortlist/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSignature } from '../../shared/payments/razorpay-signature';
import { createPaymentsTestApp, type PaymentsTestApp } from '../../testing/payments-test-kit';

// Checkout and verify over HTTP on the real app: customer tokens, the PostgreSQL event store,
// and the app's own Razorpay sandbox (webhooks are delivered by hand, where a test says so).
let t: PaymentsTestApp;

beforeAll(async () => {
  t = await createPaymentsTestApp();
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
    const buyer = await t.customer();
    const orderId = await t.placeOrder(buyer.id);
    const started = await t.post('/payments/checkout', { orderId, amount: 1 }, buyer.token);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({
      razorpay: {
        key: t.sandbox.keyId,
        amount: 85_000,
        currency: 'INR',
        description: 'ATS Resume – From Scratch',
        order_id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
        prefill: { email: `${buyer.id}@example.com` },
      },
      message: 'Checkout started.',
      checkoutScriptUrl: '/sandbox/razorpay/checkout.js',
    });
    const providerOrder = await t.sandbox.fetchOrder(
      (started.body.razorpay as { order_id: string }).order_id,
    );
    expect(providerOrder).toMatchObject({ amount: 85_000, currency: 'INR', receipt: orderId });
  });

  it('refuses a caller who does not own the order (403) and an unknown order (404)', async () => {
    const [owner, stranger] = [await t.customer(), await t.customer()];
    const orderId = await t.placeOrder(owner.id);
    const refused = await t.post('/payments/checkout', { orderId }, stranger.token);
    expect(refused).toEqual({ status: 403, body: { message: ORDER_MESSAGES.notYours } });
    const unknown = await t.post('/payments/checkout', { orderId: randomUUID() }, owner.token);
    expect(unknown.status).toBe(404);
    expect(await t.events(paymentStreamName(orderId))).toEqual([]);
  });

  it('creates ONE provider order for 10 concurrent checkouts of one order', async () => {
    const buyer = await t.customer();
    const orderId = await t.placeOrder(buyer.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.post('/payments/checkout', { orderId }, buyer.token)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => (a.body.razorpay as { order_id: string }).order_id));
    expect(ids.size).toBe(1);
    // The provider holds one order for ours: ONE createOrder call reached it.
    expect(await t.sandbox.ordersWithReceipt(orderId)).toHaveLength(1);
    expect(await t.countOf(paymentStreamName(orderId), 'CheckoutStarted')).toBe(1);
  });

  it('reuses the open provider order, and opens a new one when the currency changed', async () => {
    const { orderId, customer, providerOrderId } = await t.checkedOut();
    const again = await t.post('/payments/checkout', { orderId }, customer.token);
    expect((again.body.razorpay as { order_id: string }).order_id).toBe(providerOrderId);

    await t.onOrder(orderId, {
      type: 'ChangeOrderCurrency',
      data: { userId: customer.id, currency: 'USD' },
    });
    const usd = await t.post('/payments/checkout', { orderId }, customer.token);
    expect(usd.body.razorpay).toMatchObject({ amount: 1_700, currency: 'USD' });
    expect((usd.body.razorpay as { order_id: string }).order_id).not.toBe(providerOrderId);
  });
});

describe('POST /api/payments/verify', () => {
  it('marks the order paid once however often the same verify is replayed', async () => {
    const { orderId, customer, providerOrderId } = await t.checkedOut();
    const paid = await t.pay(providerOrderId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.post('/payments/verify', verifyBody(orderId, paid), customer.token),
      ),
    );
    expect(answers).toEqual(
      Array(5).fill({ status: 200, body: { message: 'Payment verified.', paymentStatus: 'paid' } }),
    );
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(1);
    expect(await t.countOf(paymentStreamName(orderId), 'PaymentVerified')).toBe(1);
    const paidAgain = await t.post('/payments/checkout', { orderId }, customer.token);
    expect(paidAgain).toEqual({ status: 409, body: { message: 'This order is already paid.' } });
  });

  it('refuses a forged signature and changes nothing', async () => {
    const { orderId, customer, providerOrderId } = await t.checkedOut();
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
          t.services.payments.keySecret,
          'order_Other000000001',
          paid.razorpay_payment_id,
        ),
      },
    ];
    const before = await t.typesOf(paymentStreamName(orderId));
    for (const attempt of forged) {
      const answer = await t.post('/payments/verify', verifyBody(orderId, attempt), customer.token);
      expect(answer).toEqual({ status: 400, body: { message: 'Payment verification failed.' } });
    }
    expect(await t.typesOf(paymentStreamName(orderId))).toEqual(before);
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(0);
  });

  it("refuses someone else's verify (403)", async () => {
    const { orderId, providerOrderId } = await t.checkedOut();
    const paid = await t.pay(providerOrderId);
    const intruder = await t.customer();
    const answer = await t.post('/payments/verify', verifyBody(orderId, paid), intruder.token);
    expect(answer.status).toBe(403);
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(0);
  });
});
