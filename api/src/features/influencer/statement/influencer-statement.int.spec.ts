import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInfluencerTestApp,
  type InfluencerTestApp,
} from '../../../testing/influencer-test-kit';

// The statement against the real store and read models: every line the ledger records, and a
// running balance that always ends where the ledger read model's balance stands.
let t: InfluencerTestApp;
let admin: string;
let influencer: { id: string; code: string; token: string };
let rewardedOrder: string;
let refundedOrder: string;

interface Statement {
  entries: Array<{
    kind: string;
    orderId: string | null;
    customerName: string | null;
    payoutId: string | null;
    txnId: string | null;
    reason: string | null;
    amount: number;
    balance: number;
    at: string;
  }>;
  balance: number;
}

const statement = async (query = '') => {
  const answer = await t.call('GET', `/api/influencer/statement${query}`, {
    token: influencer.token,
  });
  expect(answer.status).toBe(200);
  return answer.body as unknown as Statement;
};

const readModelBalance = async () => {
  const row = await t.services.db
    .selectFrom('influencer_ledgers')
    .select('balance')
    .where('influencer_id', '=', influencer.id)
    .executeTakeFirstOrThrow();
  return row.balance;
};

const referredReview = async (email: string) => {
  const userId = await t.registerUser({
    email,
    influencerId: influencer.id,
    code: influencer.code,
  });
  const orderId = await t.placeOrder(userId, email, 'resume_review');
  await t.payOrder(orderId, 'resume_review');
  return orderId;
};

const payouts = async () => {
  const answer = await t.call('GET', '/api/influencer/payouts', { token: influencer.token });
  return answer.body.items as Array<{ _id: string; status: string; amount: number }>;
};

beforeAll(async () => {
  t = await createInfluencerTestApp();
  admin = await t.adminToken();
  const created = await t.call('POST', '/api/admin/influencers', {
    token: admin,
    body: {
      name: 'Meera Rao',
      email: `meera-${randomUUID()}@influencers.test`,
      password: 'meera-pass-1',
    },
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

describe('GET /api/influencer/statement', () => {
  it('needs an influencer token', async () => {
    expect((await t.call('GET', '/api/influencer/statement')).status).toBe(401);
  });

  it('is empty with a zero balance before anything is earned', async () => {
    expect(await statement()).toEqual({ ok: true, entries: [], balance: 0 });
  });

  it('credits a referred user’s first paid review, naming the order', async () => {
    rewardedOrder = await referredReview('first@customers.test');
    refundedOrder = await referredReview('second@customers.test');
    await t.settle();
    const { entries, balance } = await statement();
    expect(
      entries.map(({ kind, orderId, amount, balance: after }) => ({
        kind,
        orderId,
        amount,
        after,
      })),
    ).toEqual([
      { kind: 'reward', orderId: rewardedOrder, amount: 50, after: 50 },
      { kind: 'reward', orderId: refundedOrder, amount: 50, after: 100 },
    ]);
    expect(balance).toBe(100);
    expect(balance).toBe(await readModelBalance());
    // Whose review earned it, by name (the test accounts are named by their e-mail).
    expect(entries.map((entry) => entry.customerName)).toEqual([
      'first@customers.test',
      'second@customers.test',
    ]);
  });

  it('takes the reward back when the order is refunded', async () => {
    await t.refundOrder(refundedOrder);
    await t.settle();
    const { entries, balance } = await statement();
    expect(entries.at(-1)).toMatchObject({
      kind: 'clawback',
      orderId: refundedOrder,
      amount: -50,
      balance: 50,
    });
    expect(balance).toBe(await readModelBalance());
  });

  it('holds a payout, returns it when rejected, and keeps it once paid', async () => {
    // Reach the SPEC §9 thresholds (50 registrations, ₹2,500) by seeding ledger lines.
    await t.seedLedger(
      influencer.id,
      Array.from({ length: 50 }, () => {
        const userId = randomUUID();
        return [
          ['ReferralRegistered', { userId, at: new Date().toISOString() }],
          ['ReferralRewardCredited', { userId, orderId: randomUUID(), amount: 50 }],
        ] as const;
      }).flat() as Array<
        [string, { userId: string; at?: string; orderId?: string; amount?: number }]
      >,
    );
    await t.settle();
    expect((await statement()).balance).toBe(2550);

    const details = {
      payeeName: 'Meera Rao',
      mobile: '9876543210',
      bankName: 'SBI',
      upiId: 'meera@upi',
    };
    const request = () =>
      t.call('POST', '/api/influencer/payouts/request', { token: influencer.token, body: details });

    expect((await request()).status).toBe(200);
    const [rejected] = await payouts();
    expect(
      (
        await t.call('PATCH', `/api/admin/influencer-payouts/${rejected?._id}`, {
          token: admin,
          body: { status: 'rejected', reason: 'Name does not match the UPI id' },
        })
      ).status,
    ).toBe(200);
    await t.settle();
    expect((await statement()).balance).toBe(2550);

    expect((await request()).status).toBe(200);
    const paid = (await payouts()).find((payout) => payout.status === 'requested');
    for (const body of [{ status: 'approved' }, { status: 'paid', txnId: 'UTR-778899' }]) {
      const answer = await t.call('PATCH', `/api/admin/influencer-payouts/${paid?._id}`, {
        token: admin,
        body,
      });
      expect(answer.status).toBe(200);
    }
    await t.settle();

    const { entries, balance } = await statement();
    expect(
      entries.slice(-5).map(({ kind, payoutId, txnId, amount, balance: after }) => ({
        kind,
        payoutId,
        txnId,
        amount,
        after,
      })),
    ).toEqual([
      { kind: 'payout_held', payoutId: rejected?._id, txnId: null, amount: -2550, after: 0 },
      { kind: 'payout_returned', payoutId: rejected?._id, txnId: null, amount: 2550, after: 2550 },
      { kind: 'payout_held', payoutId: paid?._id, txnId: null, amount: -2550, after: 0 },
      { kind: 'payout_approved', payoutId: paid?._id, txnId: null, amount: 0, after: 0 },
      { kind: 'payout_paid', payoutId: paid?._id, txnId: 'UTR-778899', amount: 0, after: 0 },
    ]);
    expect(entries.find((entry) => entry.kind === 'payout_returned')?.reason).toBe(
      'Name does not match the UPI id',
    );
    expect(balance).toBe(0);
    expect(balance).toBe(await readModelBalance());
    const dashboard = await t.call('GET', '/api/influencer/dashboard', { token: influencer.token });
    expect((dashboard.body.stats as { balance: number }).balance).toBe(balance);
  });

  it('stops at the moment asked for', async () => {
    const { entries } = await statement();
    const second = entries[1];
    const asOf = await statement(
      `?before=${encodeURIComponent(new Date(Date.parse(second?.at ?? '')).toISOString())}`,
    );
    expect(asOf.entries.every((entry) => Date.parse(entry.at) < Date.parse(second?.at ?? ''))).toBe(
      true,
    );
    expect(asOf.balance).toBe(asOf.entries.at(-1)?.balance ?? 0);
    expect(asOf.entries.length).toBeLessThan(entries.length);
    expect(
      (
        await t.call('GET', '/api/influencer/statement?before=yesterday', {
          token: influencer.token,
        })
      ).status,
    ).toBe(400);
  });
});

describe('GET /api/influencer/referral-chart', () => {
  it('counts this week’s registrations and rewarded orders, with eleven weeks before it', async () => {
    const answer = await t.call('GET', '/api/influencer/referral-chart', {
      token: influencer.token,
    });
    expect(answer.status).toBe(200);
    const weeks = answer.body.weeks as Array<{
      weekStart: string;
      registrations: number;
      rewardedOrders: number;
    }>;
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toMatchObject({ registrations: 52, rewardedOrders: 52 });
    expect(
      weeks.slice(0, -1).every((week) => week.registrations === 0 && week.rewardedOrders === 0),
    ).toBe(true);
    expect(new Date(`${weeks.at(-1)?.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
  });
});
