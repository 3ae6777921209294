import { randomUUID } from 'node:crypto';
import { orderStreamName, paymentStreamName } from '@shortlist/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, type PaymentTestApp, startPaymentTestApp } from './testing/payment-test-app';

// The whole loop as in embedded mode: the sandbox delivers its own signed webhooks to our
// /api/payments/webhook through its retrying sender; no verify call is needed to get paid.
let t: PaymentTestApp;

beforeAll(async () => {
  t = await startPaymentTestApp({ autoWebhooks: true });
});
afterAll(async () => {
  await t?.close();
});

const typesOf = async (stream: string) => (await t.events(stream)).map((e) => e.type);

it('pays the order from the webhook alone, then verify and refund.processed change nothing twice', async () => {
  const userId = `u-${randomUUID()}`;
  const orderId = await t.placeOrder({ userId, currency: 'USD' });
  const started = await t.post('/api/payments/checkout', { orderId }, userId);
  const providerOrderId = (started.body.razorpay as { order_id: string }).order_id;
  const paid = await t.pay(providerOrderId);

  await eventually(async () => {
    expect(await typesOf(orderStreamName(orderId))).toEqual(['OrderPlaced', 'OrderPaid']);
  });
  const verify = await t.post('/api/payments/verify', { orderId, ...paid }, userId);
  expect(verify.status).toBe(200);

  await t.service.refundOrder(orderId, 'admin:a1');
  // The sandbox has delivered refund.processed (and retries nothing), and its job has run.
  await t.sandbox.webhooksIdle();
  await t.queue.whenIdle();
  expect(await typesOf(orderStreamName(orderId))).toEqual([
    'OrderPlaced',
    'OrderPaid',
    'OrderRefunded',
  ]);
  expect(await typesOf(paymentStreamName(orderId))).toEqual([
    'CheckoutRequested',
    'CheckoutStarted',
    'PaymentVerified',
    'RefundIssued',
  ]);
});

it('records a failed attempt delivered by the sandbox', async () => {
  const userId = `u-${randomUUID()}`;
  const orderId = await t.placeOrder({ userId });
  const started = await t.post('/api/payments/checkout', { orderId }, userId);
  const providerOrderId = (started.body.razorpay as { order_id: string }).order_id;
  await t.fail(providerOrderId);
  await eventually(async () => {
    expect(await typesOf(paymentStreamName(orderId))).toContain('PaymentFailed');
  });
  expect(await typesOf(orderStreamName(orderId))).toEqual(['OrderPlaced']);
});

it('serves its Checkout.js', async () => {
  const response = await fetch(`${t.baseUrl}/sandbox/razorpay/checkout.js`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('javascript');
  const source = await response.text();
  expect(source).toContain('window.Razorpay = Razorpay');
  expect(source).toContain('"/sandbox/razorpay/"');
});
