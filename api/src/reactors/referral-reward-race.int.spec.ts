import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { influencerStreamName, orderStreamName, paymentStreamName } from '@shortlist/domain';
import type { RecordedEvent } from '@shortlist/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInfluencerTestApp, type InfluencerTestApp } from '../testing/influencer-test-kit';

/**
 * The races of the battery (no double reward, no lost one), through the real app: the real payment
 * routes, the real sandbox signatures, the in-process queue and the real referral reactor.
 * - ARCHITECTURE "referral reward": 50 INR once per referred user, even when the browser's verify
 *   and Razorpay's webhooks (redelivered under new event ids) race to mark the order paid. RACES
 *   referred users each race for their first review order: 100 in `npm test`, 1,000 with
 *   BATTERY=1 (the battery command sets it).
 *   The referred users are spread over influencers, 50 each (a real programme's size: the
 *   ledger stream of one influencer stays short, as the payout threshold empties it).
 * - Then an influencer, eligible from those rewards, sends 50 payout requests at once: one
 *   accepted.
 */
const BATTERY = process.env.BATTERY === '1';
const RACES = BATTERY ? 1000 : 100;
/** Races in flight at once: enough to contend, few enough for a 2-core machine's pool. */
const WAVE = 25;
const PARALLEL_PAYOUTS = 50;
const REFERRALS_PER_INFLUENCER = 50;

interface CapturedWebhook {
  body: string;
  signature: string;
  providerOrderId: string | null;
}

let t: InfluencerTestApp;
let capture: Server;
const webhooks: CapturedWebhook[] = [];

function providerOrderOf(body: string): string | null {
  const parsed: unknown = JSON.parse(body);
  const id = (parsed as { payload?: { payment?: { entity?: { order_id?: unknown } } } }).payload
    ?.payment?.entity?.order_id;
  return typeof id === 'string' ? id : null;
}

beforeAll(async () => {
  t = await createInfluencerTestApp();
  // The sandbox fires its webhooks here, so the test can replay them at will.
  capture = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      webhooks.push({
        body,
        signature: String(request.headers['x-razorpay-signature']),
        providerOrderId: providerOrderOf(body),
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  const { port } = capture.address() as AddressInfo;
  t.services.payments.sandbox?.setWebhookUrl(`http://127.0.0.1:${port}/`);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => capture?.close(resolve));
  await t?.close();
});

/** One address per customer: checkout and verify are limited per IP, as for real customers. */
const addressOf = (race: number) => `10.77.${Math.floor(race / 250)}.${(race % 250) + 1}`;

async function inject(
  race: number,
  url: string,
  token: string,
  body: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: addressOf(race),
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

/** Resolves as soon as the payment stream holds the PaymentVerified (polled tightly), or `done`. */
async function paymentVerified(orderId: string, done: () => boolean): Promise<void> {
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    if (done()) return;
    const { events } = await t.services.store.readStream(paymentStreamName(orderId));
    if (events.some((event) => event.type === 'PaymentVerified')) return;
    if (Date.now() > giveUpAt) throw new Error(`no PaymentVerified for ${orderId}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Who appended the order's OrderPaid: the verify route (a user) or the webhook job. */
function sourceOf(event: RecordedEvent): 'verify' | 'webhook' | 'other' {
  const actor = String(event.metadata.actor);
  if (actor.startsWith('user:')) return 'verify';
  if (actor.startsWith('provider:')) return 'webhook';
  return 'other';
}

describe('the races battery', () => {
  const influencers: { id: string; token: string; code: string }[] = [];

  it(
    `credits one reward and one OrderPaid per referred order under ${RACES} verify/webhook races`,
    async () => {
      const started = Date.now();
      for (let i = 0; i < Math.ceil(RACES / REFERRALS_PER_INFLUENCER); i += 1) {
        influencers.push(await t.seedInfluencer(`Kiran ${i}`));
      }
      const influencerOf = (race: number) => {
        const found = influencers[race % influencers.length];
        if (found === undefined) throw new Error('no influencer');
        return found;
      };
      const sandbox = t.services.payments.sandbox;
      if (sandbox === null) throw new Error('tests run on the sandbox');

      const races: { orderId: string; userId: string; influencerId: string }[] = [];
      for (let from = 0; from < RACES; from += WAVE) {
        const wave = Array.from({ length: Math.min(WAVE, RACES - from) }, (_, i) => from + i);
        // Set up the wave: referred customer, review order, checkout, payment at the provider.
        const ready = await Promise.all(
          wave.map(async (race) => {
            const influencer = influencerOf(race);
            const email = `referred-${race}-${influencer.id}@example.com`;
            const userId = await t.registerUser({
              email,
              influencerId: influencer.id,
              code: influencer.code,
            });
            const orderId = await t.placeOrder(userId, email, 'resume_review');
            const token = await t.tokenFor({ id: userId, role: 'user' });
            const checkout = await inject(race, '/api/payments/checkout', token, { orderId });
            expect(checkout.status).toBe(200);
            const providerOrderId = (checkout.body.razorpay as { order_id: string }).order_id;
            const paid = await sandbox.pay(providerOrderId);
            return {
              race,
              orderId,
              userId,
              token,
              providerOrderId,
              paid,
              influencerId: influencer.id,
            };
          }),
        );
        await sandbox.webhooksIdle();
        // The race: per order the browser's verify, and each captured webhook twice (the second a
        // redelivery under a new event id). Webhooks skip authentication, so sent together they
        // always win; half the orders therefore let verify lead: their webhooks go the moment
        // verify's PaymentVerified is on the stream, and race it for OrderPaid (the step after).
        await Promise.all(
          ready.map(async ({ race, orderId, token, providerOrderId, paid }) => {
            const mine = webhooks.filter((w) => w.providerOrderId === providerOrderId);
            expect(mine.length).toBeGreaterThanOrEqual(1);
            const verify = () =>
              inject(race, '/api/payments/verify', token, { orderId, ...paid }).then((answer) => {
                expect(answer.status).toBe(200);
              });
            const deliveries = () =>
              mine.flatMap((webhook, index) =>
                [0, 1].map((copy) =>
                  t.app
                    .inject({
                      method: 'POST',
                      url: '/api/payments/webhook',
                      headers: {
                        'content-type': 'application/json',
                        'x-razorpay-signature': webhook.signature,
                        'x-razorpay-event-id': `evt_race_${race}_${index}_${copy}`,
                      },
                      payload: webhook.body,
                    })
                    .then((answer) => expect(answer.statusCode).toBe(200)),
                ),
              );
            if (race % 2 === 0) {
              await Promise.all([...deliveries(), verify()]);
              return;
            }
            let answered = false;
            const verified = verify().finally(() => {
              answered = true;
            });
            // (Or verify's answer, should it come first: then the webhooks only repeat it.)
            await paymentVerified(orderId, () => answered);
            await Promise.all([verified, ...deliveries()]);
          }),
        );
        races.push(
          ...ready.map(({ orderId, userId, influencerId }) => ({ orderId, userId, influencerId })),
        );
      }

      // Every webhook job done; the reactor has rewarded every referred user (the store's head
      // may lag the last commit, so settle alone could stop short); then it and the projections
      // are past everything, so nothing more can come.
      await t.services.queue.whenIdle();
      const rewardsOf = async (influencerId: string) =>
        (await t.services.store.readStream(influencerStreamName(influencerId))).events.filter(
          (event) => event.type === 'ReferralRewardCredited',
        );
      const allRewards = async () =>
        (await Promise.all(influencers.map((influencer) => rewardsOf(influencer.id)))).flat();
      await expect
        .poll(async () => (await allRewards()).length, {
          timeout: 60_000 + RACES * 200,
          interval: 250,
        })
        .toBeGreaterThanOrEqual(RACES);
      await t.settle();

      const bySource = { verify: 0, webhook: 0, other: 0 };
      for (const { orderId } of races) {
        const paid = (await t.services.store.readStream(orderStreamName(orderId))).events.filter(
          (event) => event.type === 'OrderPaid',
        );
        expect(paid, `order ${orderId}`).toHaveLength(1);
        const [only] = paid;
        if (only !== undefined) bySource[sourceOf(only)] += 1;
      }
      const rewards = await allRewards();
      const rewardedUsers = new Set(rewards.map((event) => String(event.data.userId)));
      // One reward per referred user, to the influencer who referred them.
      expect(rewards).toHaveLength(RACES);
      expect(rewardedUsers).toEqual(new Set(races.map((race) => race.userId)));
      const referrerOf = new Map(races.map((race) => [race.userId, race.influencerId]));
      for (const reward of rewards) {
        expect(reward.data.influencerId).toBe(referrerOf.get(String(reward.data.userId)));
      }
      // Both channels took part: some orders were fulfilled by verify, some by a webhook.
      expect(bySource.verify).toBeGreaterThan(0);
      expect(bySource.webhook).toBeGreaterThan(0);
      expect(bySource.other).toBe(0);
      const [first] = influencers;
      if (first === undefined) throw new Error('no influencer');
      const referred = races.filter((race) => race.influencerId === first.id).length;
      const dashboard = await t.call('GET', '/api/influencer/dashboard', { token: first.token });
      expect(dashboard.body.stats).toMatchObject({ balance: 50 * referred, orders: referred });
      if (BATTERY) {
        console.log(
          `races battery: ${RACES} verify/webhook races, ${RACES} orders paid once ` +
            `(fulfilled by verify ${bySource.verify}, by webhook ${bySource.webhook}), ` +
            `${rewards.length} referral rewards for ${rewardedUsers.size} referred users ` +
            `(${influencers.length} influencers), ` +
            `${webhooks.length} sandbox webhooks replayed twice each, ${Date.now() - started} ms`,
        );
      }
    },
    120_000 + RACES * 2_000,
  );

  it(`accepts exactly one of ${PARALLEL_PAYOUTS} parallel payout requests`, async () => {
    const [influencer] = influencers;
    if (influencer === undefined) throw new Error('the race test seeds the influencers');
    const body = { payeeName: 'K', mobile: '9876543210', bankName: 'HDFC', upiId: 'kiran@upi' };
    const answers = await Promise.all(
      Array.from({ length: PARALLEL_PAYOUTS }, () =>
        t.call('POST', '/api/influencer/payouts/request', { token: influencer.token, body }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 200).length;
    expect(accepted).toBe(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    const ledger = (await t.services.store.readStream(influencerStreamName(influencer.id))).events;
    expect(ledger.filter((event) => event.type === 'PayoutRequested')).toHaveLength(1);
    if (BATTERY) {
      console.log(
        `races battery: ${PARALLEL_PAYOUTS} parallel payout requests, ${accepted} accepted, ` +
          `${answers.length - accepted} refused (409)`,
      );
    }
  }, 120_000);
});
