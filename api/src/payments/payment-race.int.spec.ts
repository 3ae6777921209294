import { randomUUID } from 'node:crypto';
import { orderStreamName, paymentStreamName } from '@shortlist/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, type PaymentTestApp, startPaymentTestApp } from './testing/payment-test-app';

// Verify and webhook race for 100 orders at once: the browser's verify, Razorpay's
// payment.captured and order.paid (each redelivered under a new event id, as after a timeout)
// all hit the API together. Each order must end with exactly one OrderPaid.
let t: PaymentTestApp;

beforeAll(async () => {
  t = await startPaymentTestApp({ autoWebhooks: false });
});
afterAll(async () => {
  await t?.close();
});

const ORDERS = 100;

it('gives exactly one OrderPaid per order when verify and webhooks race, 100 orders', async () => {
  const paidOrders = await Promise.all(
    Array.from({ length: ORDERS }, async () => {
      const userId = `u-${randomUUID()}`;
      const orderId = await t.placeOrder({ userId });
      const started = await t.post('/api/payments/checkout', { orderId }, userId);
      expect(started.status).toBe(200);
      const providerOrderId = (started.body.razorpay as { order_id: string }).order_id;
      const paid = await t.pay(providerOrderId);
      return { orderId, userId, providerOrderId, paid };
    }),
  );

  await Promise.all(
    paidOrders.flatMap(({ orderId, userId, providerOrderId, paid }) => {
      const webhooks = t.emitted.filter(
        (e) => e.payload.payment?.entity.order_id === providerOrderId,
      );
      expect(webhooks.map((e) => e.event)).toEqual(['payment.captured', 'order.paid']);
      return [
        t.post('/api/payments/verify', { orderId, ...paid }, userId).then((answer) => {
          expect(answer.status).toBe(200);
        }),
        ...webhooks.flatMap((event) =>
          [1, 2].map(() =>
            t.deliver(event, { eventId: randomUUID() }).then((status) => expect(status).toBe(200)),
          ),
        ),
      ];
    }),
  );

  await eventually(async () => {
    for (const { orderId } of paidOrders) {
      const stream = await t.events(orderStreamName(orderId));
      expect(stream.filter((e) => e.type === 'OrderPaid')).toHaveLength(1);
    }
  }, 30_000);
  // Let every queued webhook job finish, then check nothing more was appended.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const { orderId, paid } of paidOrders) {
    const orderEvents = await t.events(orderStreamName(orderId));
    expect(orderEvents.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
    expect(orderEvents[1]?.data.paymentId).toBe(paid.razorpay_payment_id);
    const paymentEvents = await t.events(paymentStreamName(orderId));
    expect(paymentEvents.map((e) => e.type)).toEqual([
      'CheckoutRequested',
      'CheckoutStarted',
      'PaymentVerified',
    ]);
  }
});
