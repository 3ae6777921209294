import { influencerStreamName, orderStreamName } from '@shortlist/domain';
import {
  createKysely,
  readReactorCheckpoint,
  silentLogger,
  startReactors,
} from '@shortlist/projections';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { influencerReferralsReactor } from '../../reactors/influencer-referrals.reactor';
import { createInfluencerTestApp, type InfluencerTestApp } from '../../testing/influencer-test-kit';

// The referral programme end to end: events in, the reactor's commands out, the ledger's read
// models and the influencer's dashboard showing the result.
let t: InfluencerTestApp;
let influencer: { id: string; code: string; token: string };

beforeAll(async () => {
  t = await createInfluencerTestApp();
  const admin = await t.adminToken();
  const created = await t.call('POST', '/api/admin/influencers', {
    token: admin,
    body: { name: 'Riya Sen', email: 'riya@influencers.test', password: 'riya-pass-1' },
  });
  expect(created.status).toBe(201);
  const item = created.body.item as { _id: string; referralCode: string };
  influencer = {
    id: item._id,
    code: item.referralCode,
    token: await t.tokenFor({ id: item._id, role: 'influencer' }),
  };
});

afterAll(async () => {
  await t?.close();
});

const dashboard = async () =>
  (await t.call('GET', '/api/influencer/dashboard', { token: influencer.token })).body as {
    stats: { registrations: number; orders: number; balance: number };
    orders: Array<{ orderId: string; userEmail: string; service: string; status: string }>;
  };
const ledgerTypes = () => t.typesOf(influencerStreamName(influencer.id));

describe('referral rewards', () => {
  let asha: string;
  let firstReview: string;
  let secondReview: string;
  let rewrite: string;

  it('records a registration made with the referral code', async () => {
    const registered = await t.call('POST', '/api/register', {
      body: {
        name: 'Asha',
        email: 'asha@customers.test',
        password: 'asha-pass-1',
        cpassword: 'asha-pass-1',
        referralCode: influencer.code.toLowerCase(),
      },
    });
    expect(registered.status).toBe(201);
    asha = String((registered.body.user as { id: string }).id);
    await t.settle();
    expect((await dashboard()).stats).toMatchObject({ registrations: 1, orders: 0, balance: 0 });
  });

  it('credits 50 when the referred user’s first review is paid', async () => {
    firstReview = await t.placeOrder(asha, 'asha@customers.test', 'resume_review');
    await t.payOrder(firstReview, 'resume_review');
    await t.settle();
    const view = await dashboard();
    expect(view.stats).toMatchObject({ registrations: 1, orders: 1, balance: 50 });
    expect(view.orders).toEqual([
      expect.objectContaining({
        orderId: firstReview,
        userEmail: 'asha@customers.test',
        service: 'resume_review',
        status: 'pending',
      }),
    ]);
  });

  it('adds nothing for a second paid review; a paid rewrite’s commission is pending', async () => {
    secondReview = await t.placeOrder(asha, 'asha@customers.test', 'resume_review');
    await t.payOrder(secondReview, 'resume_review');
    const bimal = await t.registerUser({
      email: 'bimal@customers.test',
      influencerId: influencer.id,
    });
    rewrite = await t.placeOrder(bimal, 'bimal@customers.test', 'resume_rewrite');
    await t.payOrder(rewrite, 'resume_rewrite');
    await t.settle();
    // The rewrite can still be refunded: its ₹150 commission waits outside the balance.
    expect((await dashboard()).stats).toMatchObject({
      registrations: 2,
      orders: 3,
      balance: 50,
      pending: 150,
    });
    expect((await ledgerTypes()).filter((type) => type === 'ReferralRewardCredited')).toHaveLength(
      1,
    );
    // Bimal's later review still earns his one reward.
    const review = await t.placeOrder(bimal, 'bimal@customers.test', 'resume_review');
    await t.payOrder(review, 'resume_review');
    await t.settle();
    expect((await dashboard()).stats).toMatchObject({ orders: 4, balance: 100 });
  });

  it('changes nothing when deliveries repeat, racing or replayed from checkpoint zero', async () => {
    const before = await ledgerTypes();
    const reactor = influencerReferralsReactor({ store: t.services.store, logger: silentLogger });
    // Verify and webhook arriving together: the same OrderPaid handled twice at once.
    const paid = (await t.services.store.readStream(orderStreamName(firstReview))).events.find(
      (event) => event.type === 'OrderPaid',
    );
    if (paid === undefined) throw new Error('no OrderPaid');
    await Promise.all([reactor.handle(paid), reactor.handle(paid)]);

    // Every event delivered again, from the very first: a second runner with a fresh checkpoint.
    const db = createKysely({ connectionString: t.databaseUrl, poolMax: 2 });
    const replay = startReactors({
      store: t.services.store,
      db,
      reactors: [{ ...reactor, name: 'influencer-referrals-replay' }],
      logger: silentLogger,
    });
    try {
      const head = await t.lastPosition();
      await vi.waitFor(
        async () => {
          const position = await readReactorCheckpoint(db, 'influencer-referrals-replay');
          expect(head !== null && position !== null && position >= head).toBe(true);
        },
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      await replay.stop();
      await db.destroy();
    }
    await t.settle();
    expect(await ledgerTypes()).toEqual(before);
    expect((await dashboard()).stats).toMatchObject({ registrations: 2, orders: 4, balance: 100 });
  });

  it('claws the reward back when the rewarding order is refunded, and only then', async () => {
    await t.refundOrder(secondReview);
    await t.settle();
    expect((await dashboard()).stats).toMatchObject({ orders: 3, balance: 100 });
    await t.refundOrder(firstReview);
    await t.settle();
    const view = await dashboard();
    expect(view.stats).toMatchObject({ orders: 2, balance: 50 });
    expect(view.orders.find((order) => order.orderId === firstReview)?.status).toBe('refunded');
    expect(
      (await ledgerTypes()).filter((type) => type === 'ReferralRewardClawedBack'),
    ).toHaveLength(1);
  });

  it('earns the commission when the rewrite completes, at the rule the admin set', async () => {
    const admin = await t.adminToken();
    const completed = await t.call('PATCH', `/api/admin/orders/${rewrite}`, {
      token: admin,
      body: { status: 'completed' },
    });
    expect(completed.status).toBe(200);
    await t.settle();
    expect((await dashboard()).stats).toMatchObject({ balance: 200, pending: 0 });
    expect(await ledgerTypes()).toContain('CommissionEarned');
  });

  it('counts one person once: a +tag alias of a referred user is flagged, not registered', async () => {
    await t.registerUser({ email: 'Asha+2@customers.test', influencerId: influencer.id });
    await t.settle();
    expect((await dashboard()).stats).toMatchObject({ registrations: 2 });
    const flagged = (await ledgerTypes()).filter((type) => type === 'ReferralFlagged');
    expect(flagged).toHaveLength(1);
  });
});

describe('referrals that earn nothing', () => {
  it('ignores self-referrals, unreferred users and removed influencers', async () => {
    const before = await ledgerTypes();
    const self = await t.registerUser({
      email: 'RIYA@influencers.test',
      influencerId: influencer.id,
    });
    const selfReview = await t.placeOrder(self, 'riya@influencers.test', 'resume_review');
    await t.payOrder(selfReview, 'resume_review');
    const stranger = await t.registerUser({ email: 'c@customers.test', influencerId: null });
    const strangerReview = await t.placeOrder(stranger, 'c@customers.test', 'resume_review');
    await t.payOrder(strangerReview, 'resume_review');
    // The influencer's own address under a +tag is the influencer too.
    const alias = await t.registerUser({
      email: 'riya+promo@influencers.test',
      influencerId: influencer.id,
    });
    await t.payOrder(
      await t.placeOrder(alias, 'riya+promo@influencers.test', 'resume_review'),
      'resume_review',
    );
    await t.settle();
    // Flagged for the admin, never registered or credited.
    expect(await ledgerTypes()).toEqual([...before, 'ReferralFlagged', 'ReferralFlagged']);

    const gone = await t.seedInfluencer('Gone');
    await t.seedLedger(gone.id, [['InfluencerRemoved', {}]]);
    const late = await t.registerUser({ email: 'late@customers.test', influencerId: gone.id });
    const review = await t.placeOrder(late, 'late@customers.test', 'resume_review');
    await t.payOrder(review, 'resume_review');
    await t.settle();
    expect(await t.typesOf(influencerStreamName(gone.id))).toEqual([
      'InfluencerCreated',
      'InfluencerRemoved',
    ]);
    // settle() returning means the reactor moved past the refusals rather than retrying them.
  });
});
