import { randomUUID } from 'node:crypto';
import { ORDER_MESSAGES, orderStreamName, paymentStreamName } from '@shortlist/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaymentsTestApp,
  eventually,
  type PaymentsTestApp,
} from '../../testing/payments-test-kit';

// Webhooks (delivered by hand, at chosen moments, from the sandbox's own signed payloads) over
// HTTP on the real app: the PostgreSQL event store and the in-process queue.
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

describe('POST /api/payments/webhook', () => {
  it('pays the order once when the webhook comes 3 times at once, before verify', async () => {
    const { orderId, customer, providerOrderId } = await t.checkedOut();
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
      expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(1);
    });
    // order.paid for the same payment, then the browser's verify: nothing more.
    const orderPaidEvent = captured[1];
    if (orderPaidEvent === undefined) throw new Error('no order.paid');
    expect(await t.deliver(orderPaidEvent)).toBe(200);
    const verified = await t.post('/payments/verify', verifyBody(orderId, paid), customer.token);
    expect(verified.status).toBe(200);
    // Every delivered webhook's job has run: nothing more can come of them.
    await t.services.queue.whenIdle();
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(1);
    const payment = await t.events(paymentStreamName(orderId));
    const verifiedEvents = payment.filter((e) => e.type === 'PaymentVerified');
    expect(verifiedEvents).toHaveLength(1);
    expect(verifiedEvents[0]?.data.source).toBe('webhook');
  });

  it('with the in-process queue, which a crash empties, a 200 means the order is already paid', async () => {
    // Razorpay does not resend a delivery we answered 200: in embedded mode the work must be
    // done before the answer, or a kill -9 right after it would lose a captured payment.
    expect(t.services.queue.durable).toBe(false);
    const { orderId, providerOrderId } = await t.checkedOut();
    await t.pay(providerOrderId);
    const captured = t.emitted.find(
      (e) =>
        e.event === 'payment.captured' && e.payload.payment?.entity.order_id === providerOrderId,
    );
    if (captured === undefined) throw new Error('no payment.captured');
    expect(await t.deliver(captured, { eventId: randomUUID() })).toBe(200);
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(1);
  });

  it('refuses a tampered body (400) and changes nothing', async () => {
    const { orderId, providerOrderId } = await t.checkedOut();
    await t.pay(providerOrderId);
    const captured = t.emitted.find(
      (e) =>
        e.event === 'payment.captured' && e.payload.payment?.entity.order_id === providerOrderId,
    );
    if (captured === undefined) throw new Error('no payment.captured');
    const tampered = JSON.stringify(captured).replace(/"amount":85000/, '"amount":100');
    expect(tampered).not.toBe(JSON.stringify(captured));
    expect(await t.deliver(captured, { body: tampered })).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(captured),
    });
    expect(unsigned.statusCode).toBe(400);
    // Every delivered webhook's job has run: nothing more can come of them.
    await t.services.queue.whenIdle();
    expect(await t.typesOf(paymentStreamName(orderId))).toEqual([
      'CheckoutRequested',
      'CheckoutStarted',
    ]);
  });

  it('records a payment of the wrong amount as a mismatch and does not fulfil the order', async () => {
    const { orderId, customer, providerOrderId } = await t.checkedOut();
    // The customer switches to USD in another tab, then pays the INR checkout still open here.
    await t.onOrder(orderId, {
      type: 'ChangeOrderCurrency',
      data: { userId: customer.id, currency: 'USD' },
    });
    const paid = await t.pay(providerOrderId);
    const captured = t.emitted.find(
      (e) =>
        e.event === 'payment.captured' && e.payload.payment?.entity.order_id === providerOrderId,
    );
    if (captured === undefined) throw new Error('no payment.captured');
    expect(await t.deliver(captured)).toBe(200);
    await eventually(async () => {
      expect(await t.countOf(paymentStreamName(orderId), 'PaymentAmountMismatch')).toBe(1);
    });
    const verify = await t.post('/payments/verify', verifyBody(orderId, paid), customer.token);
    expect(verify).toEqual({ status: 409, body: { message: ORDER_MESSAGES.amountMismatch } });
    expect(await t.countOf(paymentStreamName(orderId), 'PaymentAmountMismatch')).toBe(1);
    expect(await t.countOf(paymentStreamName(orderId), 'PaymentVerified')).toBe(0);
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(0);
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
    const { orderId, customer, providerOrderId } = await t.checkedOut();
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
      expect(await t.countOf(paymentStreamName(orderId), 'PaymentFailed')).toBe(1);
    });
    const retry = await t.post('/payments/checkout', { orderId }, customer.token);
    expect((retry.body.razorpay as { order_id: string }).order_id).toBe(providerOrderId);
    const paid = await t.pay(providerOrderId);
    expect(
      (await t.post('/payments/verify', verifyBody(orderId, paid), customer.token)).status,
    ).toBe(200);
    // A late, redelivered failure report changes nothing.
    expect(await t.deliver(failure)).toBe(200);
    // Every delivered webhook's job has run: nothing more can come of them.
    await t.services.queue.whenIdle();
    expect(await t.typesOf(orderStreamName(orderId))).toEqual(['OrderPlaced', 'OrderPaid']);
  });
});
