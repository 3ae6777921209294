import { influencerStreamName, paymentStreamName } from '@shortlist/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../../testing/account-test-kit';
import { createInfluencerTestApp, type InfluencerTestApp } from '../../testing/influencer-test-kit';

// One person, one reward, as far as the payment provider tells it: referred accounts pay through
// the real checkout, the sandbox's Checkout.js endpoint (the card number typed by the payer) and
// the verify call; the ledger flags the account whose card another referred account paid with.
let t: InfluencerTestApp;
let influencer: { id: string; code: string };

beforeAll(async () => {
  t = await createInfluencerTestApp();
  influencer = await t.seedInfluencer('Riya Sen');
});

afterAll(async () => {
  await t?.close();
});

async function post(path: string, body: unknown, token?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: freshIp(),
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    payload: body as Record<string, unknown>,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** A referred account whose first review is paid with `card` (a number typed in the checkout). */
async function referredPaysReview(
  name: string,
  card: string,
): Promise<{ userId: string; orderId: string }> {
  const email = `${name}@customers.test`;
  const userId = await t.registerUser({
    email,
    influencerId: influencer.id,
    code: influencer.code,
  });
  const orderId = await t.placeOrder(userId, email, 'resume_review');
  await t.caughtUp(['orders']);
  const token = await t.tokenFor({ id: userId, role: 'user' });
  const checkout = await post('/api/payments/checkout', { orderId }, token);
  expect(checkout.status).toBe(200);
  const providerOrderId = String((checkout.body.razorpay as { order_id: string }).order_id);
  const paid = await post('/sandbox/razorpay/checkout/pay', {
    key: t.services.payments.sandbox?.keyId,
    order_id: providerOrderId,
    method: 'card',
    card,
  });
  expect(paid.status).toBe(200);
  const verified = await post('/api/payments/verify', { orderId, ...paid.body }, token);
  expect(verified.status).toBe(200);
  return { userId, orderId };
}

async function ledger() {
  await t.settle();
  const { events } = await t.services.store.readStream(influencerStreamName(influencer.id));
  return events.map((event) => ({ type: event.type, data: event.data as Record<string, unknown> }));
}

describe('the same payment instrument across referred accounts', () => {
  let first: string;
  let firstOrder: string;

  it('records which card paid as a keyed fingerprint, never the card itself', async () => {
    ({ userId: first, orderId: firstOrder } = await referredPaysReview(
      'asha',
      '4111 1111 1111 1111',
    ));
    const { events: payment } = await t.services.store.readStream(paymentStreamName(firstOrder));
    const verified = payment.find((event) => event.type === 'PaymentVerified');
    expect(verified?.data).toMatchObject({ method: 'card', instrument: expect.any(String) });
    // Neither the number nor the provider's card id is kept. (The whole number: its first four
    // digits alone turn up in random ids, "…-34111…", now and then.)
    expect(JSON.stringify(payment)).not.toMatch(/4111[ -]?1111[ -]?1111[ -]?1111|card_/);
    const events = await ledger();
    expect(events).toContainEqual({
      type: 'ReferralRewardCredited',
      data: expect.objectContaining({ userId: first, amount: 50, instrument: expect.any(String) }),
    });
  });

  it('flags a second account paying with that card and does not credit it', async () => {
    const { userId: second } = await referredPaysReview('asha.alt', '4111-1111-1111-1111');
    const events = await ledger();
    expect(events).toContainEqual({
      type: 'ReferralFlagged',
      data: expect.objectContaining({
        userId: second,
        reason: 'same_payment_instrument',
        relatedUserId: first,
      }),
    });
    expect(
      events.filter((e) => e.type === 'ReferralRewardCredited' && e.data.userId === second),
    ).toEqual([]);
    // The admin sees it in the read model the payouts screen shows flags from.
    const flags = await t.services.db
      .selectFrom('influencer_referral_flags')
      .select(['user_id', 'reason', 'related_user_id'])
      .where('user_id', '=', second)
      .execute();
    expect(flags).toEqual([
      { user_id: second, reason: 'same_payment_instrument', related_user_id: first },
    ]);
  });

  it('credits an account paying with another card', async () => {
    const { userId: third } = await referredPaysReview('kiran', '5555 5555 5555 4444');
    const events = await ledger();
    expect(events).toContainEqual({
      type: 'ReferralRewardCredited',
      data: expect.objectContaining({ userId: third, amount: 50 }),
    });
    expect(events.filter((e) => e.type === 'ReferralFlagged')).toHaveLength(1);
  });
});
