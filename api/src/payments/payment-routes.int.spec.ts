import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../commands/handle-command';
import {
  type ChangeOrderCurrency,
  ORDER_MESSAGES,
  orderDecider,
  orderStreamName,
  paymentStreamName,
  type SetOrderStatus,
} from './domain';
import { checkoutSignature } from './razorpay-signature';
import {
  eventually,
  KEY_ID,
  KEY_SECRET,
  type PaymentTestApp,
  startPaymentTestApp,
} from './testing/payment-test-app';

let t: PaymentTestApp;

beforeAll(async () => {
  t = await startPaymentTestApp({ autoWebhooks: false });
});
afterAll(async () => {
  await t?.close();
});

const types = async (stream: string) => (await t.events(stream)).map((event) => event.type);
const count = async (stream: string, type: string) =>
  (await types(stream)).filter((candidate) => candidate === type).length;

/** Places an order and starts its checkout as its owner; returns the provider order id. */
async function checkedOut(userId = `u-${randomUUID()}`) {
  const orderId = await t.placeOrder({ userId });
  const started = await t.post('/api/payments/checkout', { orderId }, userId);
  expect(started.status).toBe(200);
  const razorpay = started.body.razorpay as { order_id: string };
  return { orderId, userId, providerOrderId: razorpay.order_id };
}

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
    expect(await count(paymentStreamName(orderId), 'CheckoutStarted')).toBe(1);
  });

  it('reuses the open provider order, and opens a new one when the currency changed', async () => {
    const { orderId, userId, providerOrderId } = await checkedOut();
    const again = await t.post('/api/payments/checkout', { orderId }, userId);
    expect((again.body.razorpay as { order_id: string }).order_id).toBe(providerOrderId);

    const change: ChangeOrderCurrency = {
      type: 'ChangeOrderCurrency',
      data: { userId, currency: 'USD' },
      metadata: {
        actor: `user:${userId}`,
        correlationId: 'c',
        causationId: null,
        now: new Date().toISOString(),
      },
    };
    await handleCommand({
      store: t.store,
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: change,
    });
    const usd = await t.post('/api/payments/checkout', { orderId }, userId);
    expect(usd.body.razorpay).toMatchObject({ amount: 1_700, currency: 'USD' });
    expect((usd.body.razorpay as { order_id: string }).order_id).not.toBe(providerOrderId);
  });
});

describe('POST /api/payments/verify', () => {
  it('marks the order paid once however often the same verify is replayed', async () => {
    const { orderId, userId, providerOrderId } = await checkedOut();
    const paid = await t.pay(providerOrderId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.post('/api/payments/verify', verifyBody(orderId, paid), userId),
      ),
    );
    expect(answers).toEqual(
      Array(5).fill({ status: 200, body: { message: 'Payment verified.', paymentStatus: 'paid' } }),
    );
    expect(await count(orderStreamName(orderId), 'OrderPaid')).toBe(1);
    expect(await count(paymentStreamName(orderId), 'PaymentVerified')).toBe(1);
    const paidAgain = await t.post('/api/payments/checkout', { orderId }, userId);
    expect(paidAgain).toEqual({ status: 409, body: { message: 'This order is already paid.' } });
  });

  it('refuses a forged signature and changes nothing', async () => {
    const { orderId, userId, providerOrderId } = await checkedOut();
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
    const before = await types(paymentStreamName(orderId));
    for (const attempt of forged) {
      const answer = await t.post('/api/payments/verify', verifyBody(orderId, attempt), userId);
      expect(answer).toEqual({ status: 400, body: { message: 'Payment verification failed.' } });
    }
    expect(await types(paymentStreamName(orderId))).toEqual(before);
    expect(await count(orderStreamName(orderId), 'OrderPaid')).toBe(0);
  });

  it("refuses someone else's verify (403)", async () => {
    const { orderId, providerOrderId } = await checkedOut();
    const paid = await t.pay(providerOrderId);
    const answer = await t.post('/api/payments/verify', verifyBody(orderId, paid), 'intruder');
    expect(answer.status).toBe(403);
    expect(await count(orderStreamName(orderId), 'OrderPaid')).toBe(0);
  });
});

describe('POST /api/payments/webhook', () => {
  it('pays the order once when the webhook comes 3 times at once, before verify', async () => {
    const { orderId, userId, providerOrderId } = await checkedOut();
    const paid = await t.pay(providerOrderId);
    const captured = t.emitted.filter(
      (e) => e.payload.payment?.entity.order_id === providerOrderId,
    );
    expect(captured.map((e) => e.event)).toEqual(['payment.captured', 'order.paid']);
    const [paymentCaptured] = captured;
    if (paymentCaptured === undefined) throw new Error('no payment.captured');
    const eventId = randomUUID();
    const statuses = await Promise.all(
      [1, 2, 3].map(() => t.deliver(paymentCaptured, { eventId })),
    );
    expect(statuses).toEqual([200, 200, 200]);
    await eventually(async () => {
      expect(await count(orderStreamName(orderId), 'OrderPaid')).toBe(1);
    });
    // order.paid for the same payment, then the browser's verify: nothing more.
    const orderPaidEvent = captured[1];
    if (orderPaidEvent === undefined) throw new Error('no order.paid');
    expect(await t.deliver(orderPaidEvent)).toBe(200);
    const verified = await t.post('/api/payments/verify', verifyBody(orderId, paid), userId);
    expect(verified.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await count(orderStreamName(orderId), 'OrderPaid')).toBe(1);
    const payment = await t.events(paymentStreamName(orderId));
    const verifiedEvents = payment.filter((e) => e.type === 'PaymentVerified');
    expect(verifiedEvents).toHaveLength(1);
    expect(verifiedEvents[0]?.data.source).toBe('webhook');
  });

  it('refuses a tampered body (400) and changes nothing', async () => {
    const { orderId, providerOrderId } = await checkedOut();
    await t.pay(providerOrderId);
    const captured = t.emitted.find(
      (e) =>
        e.event === 'payment.captured' && e.payload.payment?.entity.order_id === providerOrderId,
    );
    if (captured === undefined) throw new Error('no payment.captured');
    const tampered = JSON.stringify(captured).replace(/"amount":85000/, '"amount":100');
    expect(tampered).not.toBe(JSON.stringify(captured));
    expect(await t.deliver(captured, { body: tampered })).toBe(400);
    const unsigned = await fetch(`${t.baseUrl}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(captured),
    });
    expect(unsigned.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await types(paymentStreamName(orderId))).toEqual([
      'CheckoutRequested',
      'CheckoutStarted',
    ]);
  });

  it('records a payment of the wrong amount as a mismatch and does not fulfil the order', async () => {
    const { orderId, userId, providerOrderId } = await checkedOut();
    // The customer switches to USD in another tab, then pays the INR checkout still open here.
    const change: ChangeOrderCurrency = {
      type: 'ChangeOrderCurrency',
      data: { userId, currency: 'USD' },
      metadata: {
        actor: `user:${userId}`,
        correlationId: 'c',
        causationId: null,
        now: new Date().toISOString(),
      },
    };
    await handleCommand({
      store: t.store,
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: change,
    });
    const paid = await t.pay(providerOrderId);
    const captured = t.emitted.find(
      (e) =>
        e.event === 'payment.captured' && e.payload.payment?.entity.order_id === providerOrderId,
    );
    if (captured === undefined) throw new Error('no payment.captured');
    expect(await t.deliver(captured)).toBe(200);
    await eventually(async () => {
      expect(await count(paymentStreamName(orderId), 'PaymentAmountMismatch')).toBe(1);
    });
    const verify = await t.post('/api/payments/verify', verifyBody(orderId, paid), userId);
    expect(verify).toEqual({ status: 409, body: { message: ORDER_MESSAGES.amountMismatch } });
    expect(await count(paymentStreamName(orderId), 'PaymentAmountMismatch')).toBe(1);
    expect(await count(paymentStreamName(orderId), 'PaymentVerified')).toBe(0);
    expect(await count(orderStreamName(orderId), 'OrderPaid')).toBe(0);
    const mismatch = (await t.events(paymentStreamName(orderId))).find(
      (e) => e.type === 'PaymentAmountMismatch',
    );
    expect(mismatch?.data).toMatchObject({
      expectedAmountMinor: 1_700,
      expectedCurrency: 'USD',
      gotAmountMinor: 85_000,
      gotCurrency: 'INR',
    });
  });

  it('records a failed attempt, keeps the checkout open, and never unpays a paid order', async () => {
    const { orderId, userId, providerOrderId } = await checkedOut();
    const failed = await t.fail(providerOrderId);
    expect(failed.body.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      reason: 'payment_failed',
    });
    const failure = t.emitted.find(
      (e) => e.event === 'payment.failed' && e.payload.payment?.entity.order_id === providerOrderId,
    );
    if (failure === undefined) throw new Error('no payment.failed');
    expect(await t.deliver(failure)).toBe(200);
    await eventually(async () => {
      expect(await count(paymentStreamName(orderId), 'PaymentFailed')).toBe(1);
    });
    const retry = await t.post('/api/payments/checkout', { orderId }, userId);
    expect((retry.body.razorpay as { order_id: string }).order_id).toBe(providerOrderId);
    const paid = await t.pay(providerOrderId);
    expect((await t.post('/api/payments/verify', verifyBody(orderId, paid), userId)).status).toBe(
      200,
    );
    // A late, redelivered failure report changes nothing.
    expect(await t.deliver(failure)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await types(orderStreamName(orderId))).toEqual(['OrderPlaced', 'OrderPaid']);
  });
});

describe('admin refund', () => {
  it('refunds a paid pending order once, with one provider refund, when asked twice', async () => {
    const { orderId, userId, providerOrderId } = await checkedOut();
    const paid = await t.pay(providerOrderId);
    await t.post('/api/payments/verify', verifyBody(orderId, paid), userId);
    const before = t.calls.refund;
    const first = await t.service.refundOrder(orderId, 'admin:a1');
    const second = await t.service.refundOrder(orderId, 'admin:a1');
    expect(second).toEqual(first);
    expect(first).toMatchObject({ amountMinor: 85_000, currency: 'INR' });
    expect(t.calls.refund - before).toBe(1);
    expect(await t.sandbox.refundsOf(paid.razorpay_payment_id)).toHaveLength(1);
    expect(await count(orderStreamName(orderId), 'OrderRefunded')).toBe(1);
    expect(await count(paymentStreamName(orderId), 'RefundIssued')).toBe(1);
    // Razorpay's refund.processed arrives later: already known, nothing more.
    const processed = t.emitted.find(
      (e) =>
        e.event === 'refund.processed' &&
        e.payload.refund?.entity.payment_id === paid.razorpay_payment_id,
    );
    if (processed === undefined) throw new Error('no refund.processed');
    expect(await t.deliver(processed)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await count(orderStreamName(orderId), 'OrderRefunded')).toBe(1);
    expect(await count(paymentStreamName(orderId), 'RefundIssued')).toBe(1);
  });

  it('refunds once at the provider when two admins ask at the same moment', async () => {
    const { orderId, userId, providerOrderId } = await checkedOut();
    const paid = await t.pay(providerOrderId);
    await t.post('/api/payments/verify', verifyBody(orderId, paid), userId);
    const [a, b] = await Promise.all([
      t.service.refundOrder(orderId, 'admin:a1'),
      t.service.refundOrder(orderId, 'admin:a2'),
    ]);
    expect(a.refundId).toBe(b.refundId);
    expect(await t.sandbox.refundsOf(paid.razorpay_payment_id)).toHaveLength(1);
    expect(await count(orderStreamName(orderId), 'OrderRefunded')).toBe(1);
  });

  it('refuses an unpaid order and one no longer pending', async () => {
    const { orderId, userId, providerOrderId } = await checkedOut();
    await expect(t.service.refundOrder(orderId, 'admin:a1')).rejects.toThrow(
      ORDER_MESSAGES.notPaid,
    );
    const paid = await t.pay(providerOrderId);
    await t.post('/api/payments/verify', verifyBody(orderId, paid), userId);
    const processing: SetOrderStatus = {
      type: 'SetOrderStatus',
      data: { status: 'processing' },
      metadata: {
        actor: 'admin:a1',
        correlationId: 'c',
        causationId: null,
        now: new Date().toISOString(),
      },
    };
    await handleCommand({
      store: t.store,
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: processing,
    });
    await expect(t.service.refundOrder(orderId, 'admin:a1')).rejects.toThrow(
      ORDER_MESSAGES.refundOnlyWhilePending,
    );
    expect(await t.sandbox.refundsOf(paid.razorpay_payment_id)).toHaveLength(0);
  });
});
