import { randomUUID } from 'node:crypto';
import { orderStreamName, paymentStreamName } from '@shortlist/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refundOrder } from '../../shared/payments/refund-order';
import {
  createPaymentsTestApp,
  eventually,
  type PaymentsTestApp,
} from '../../testing/payments-test-kit';

// The whole loop as in embedded mode: the app listens, and the sandbox delivers its own signed
// webhooks to our /api/payments/webhook through its retrying sender; no verify call is needed.
let t: PaymentsTestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createPaymentsTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.sandbox.setWebhookUrl(`${baseUrl}/api/payments/webhook`);
});
afterAll(async () => {
  await t?.close();
});

const typesOf = async (stream: string) => (await t.events(stream)).map((e) => e.type);

it('pays the order from the webhook alone, then verify and refund.processed change nothing twice', async () => {
  const buyer = await t.customer();
  const orderId = await t.placeOrder(buyer.id, 'USD');
  const started = await t.post('/payments/checkout', { orderId }, buyer.token);
  const providerOrderId = (started.body.razorpay as { order_id: string }).order_id;
  const paid = await t.pay(providerOrderId);

  await eventually(async () => {
    expect(await typesOf(orderStreamName(orderId))).toEqual(['OrderPlaced', 'OrderPaid']);
  });
  const verify = await t.post('/payments/verify', { orderId, ...paid }, buyer.token);
  expect(verify.status).toBe(200);

  await refundOrder(t.app, orderId, {
    actor: 'admin:a1',
    correlationId: randomUUID(),
    causationId: null,
    now: new Date().toISOString(),
  });
  // The sandbox has delivered refund.processed (and retries nothing), and its job has run.
  await t.sandbox.webhooksIdle();
  await t.services.queue.whenIdle();
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
  const buyer = await t.customer();
  const orderId = await t.placeOrder(buyer.id);
  const started = await t.post('/payments/checkout', { orderId }, buyer.token);
  const providerOrderId = (started.body.razorpay as { order_id: string }).order_id;
  await t.fail(providerOrderId);
  await eventually(async () => {
    expect(await typesOf(paymentStreamName(orderId))).toContain('PaymentFailed');
  });
  expect(await typesOf(orderStreamName(orderId))).toEqual(['OrderPlaced']);
});

it('serves its Checkout.js', async () => {
  const response = await fetch(`${baseUrl}/sandbox/razorpay/checkout.js`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('javascript');
  const source = await response.text();
  expect(source).toContain('window.Razorpay = Razorpay');
  expect(source).toContain('"/sandbox/razorpay/"');
});
