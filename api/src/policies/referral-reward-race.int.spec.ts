import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orderStreamName } from '@shortlist/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createInfluencerTestApp,
  type InfluencerTestApp,
} from '../features/influencer/testing/influencer-test-kit';

/**
 * ARCHITECTURE "referral reward": 50 INR once per referred user, even when the browser's verify
 * and Razorpay's webhooks (redelivered many times) race to mark the rewarding order paid. Here
 * 100 of them race for one referred user's first review order, through the real payment routes,
 * the real sandbox signatures and the real referral policy.
 */
interface CapturedWebhook {
  body: string;
  signature: string;
}

let t: InfluencerTestApp;
let capture: Server;
const webhooks: CapturedWebhook[] = [];

beforeAll(async () => {
  t = await createInfluencerTestApp();
  // The sandbox fires its webhooks here, so the test can replay them at will.
  capture = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      webhooks.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['x-razorpay-signature']),
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  const { port } = capture.address() as AddressInfo;
  t.services.payments.sandbox?.setWebhookUrl(`http://127.0.0.1:${port}/`);
});

afterAll(async () => {
  await new Promise((resolve) => capture?.close(resolve));
  await t?.close();
});

it('credits the referral reward once under 100 verify/webhook races', async () => {
  const influencer = await t.seedInfluencer('Kiran');
  const userId = await t.registerUser({
    email: 'referred@example.com',
    influencerId: influencer.id,
    code: influencer.code,
  });
  const orderId = await t.placeOrder(userId, 'referred@example.com', 'resume_review');
  const customer = await t.tokenFor({ id: userId, role: 'user' });

  const checkout = await t.call('POST', '/api/payments/checkout', {
    token: customer,
    body: { orderId },
  });
  expect(checkout.status).toBe(200);
  const providerOrderId = (checkout.body.razorpay as { order_id: string }).order_id;
  const sandbox = t.services.payments.sandbox;
  if (sandbox === null) throw new Error('tests run on the sandbox');
  const paid = await sandbox.pay(providerOrderId);
  await sandbox.webhooksIdle();
  expect(webhooks.length).toBeGreaterThanOrEqual(1);

  const verifies = Array.from({ length: 50 }, () =>
    t.call('POST', '/api/payments/verify', { token: customer, body: { orderId, ...paid } }),
  );
  const deliveries = Array.from({ length: 50 }, (_, index) => {
    const webhook = webhooks[index % webhooks.length] as CapturedWebhook;
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhook.signature,
        // A redelivery after a timeout comes under a new event id.
        'x-razorpay-event-id': `evt_race_${index}`,
      },
      payload: webhook.body,
    });
  });
  const [verified, delivered] = await Promise.all([Promise.all(verifies), Promise.all(deliveries)]);
  expect(verified.every((answer) => answer.status === 200)).toBe(true);
  expect(delivered.every((answer) => answer.statusCode === 200)).toBe(true);

  await t.settle();
  await expect
    .poll(async () => (await t.typesOf(orderStreamName(orderId))).filter((x) => x === 'OrderPaid'))
    .toHaveLength(1);
  // Let every queued webhook job and the policy finish, then count.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await t.settle();
  const ledger = await t.typesOf(`influencer-${influencer.id}`);
  expect(ledger.filter((type) => type === 'ReferralRewardCredited')).toHaveLength(1);
  const dashboard = await t.call('GET', '/api/influencer/dashboard', { token: influencer.token });
  expect(dashboard.body.stats).toMatchObject({ balance: 50, orders: 1 });
});
