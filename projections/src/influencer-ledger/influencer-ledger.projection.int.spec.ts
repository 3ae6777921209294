import type { JsonObject } from '@shortlist/eventstore';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { influencersProjection } from '../influencers/influencers.projection';
import {
  createProjectionTestDatabase,
  type EventInput,
  expectIdempotentProjection,
  type ProjectionTestDatabase,
  recordedEvents,
  snapshotTables,
} from '../testing';
import {
  INFLUENCER_LEDGER_TABLES,
  influencerLedgerProjection,
} from './influencer-ledger.projection';
import { deferLedgerRefreshes, finishDeferredLedgers } from './influencer-ledger.summary';
import { influencerQueriesProjection } from './influencer-queries.projection';

let database: ProjectionTestDatabase;

beforeAll(async () => {
  database = await createProjectionTestDatabase('infl_ledger');
});

afterAll(async () => {
  await database?.drop();
});

const at = (minute: number) => ({
  actor: 'system:test',
  at: `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});
let minute = 0;
const ledger = (type: string, data: JsonObject): EventInput => ({
  streamName: 'influencer-i1',
  type,
  data: { influencerId: 'i1', ...data },
  metadata: at(minute++),
});
const user = (userId: string, email: string, influencerId: string | null): EventInput => ({
  streamName: `user-${userId}`,
  type: 'UserRegistered',
  data: {
    userId,
    email,
    name: userId,
    passwordHash: 'h',
    role: 'user',
    referral: influencerId === null ? null : { influencerId, referralCode: 'ASHA1' },
  },
  metadata: at(minute++),
});
const order = (orderId: string, type: string, data: JsonObject = {}): EventInput => ({
  streamName: `order-${orderId}`,
  type,
  data: { orderId, ...data },
  metadata: at(minute++),
});
const placed = (orderId: string, userId: string, service: string) =>
  order(orderId, 'OrderPlaced', {
    userId,
    userEmail: `${userId}@example.com`,
    service,
    planName: 'Plan',
    description: 'd',
    amount: 200,
    currency: 'INR',
    resume: null,
    customerUploads: [],
  });

const history = recordedEvents([
  ledger('InfluencerCreated', {
    name: 'Asha',
    email: 'asha@example.com',
    referralCode: 'ASHA1',
    passwordHash: '$argon2id$one',
  }),
  user('u1', 'u1@example.com', 'i1'),
  user('u2', 'u2@example.com', 'i1'),
  user('u3', 'u3@example.com', null),
  // u1 orders before the ledger records the referral (the referral reactor may lag): still listed.
  placed('o1', 'u1', 'resume_review'),
  ledger('ReferralRegistered', { userId: 'u1', at: '2026-11-01T09:00:00.000Z' }),
  ledger('ReferralRegistered', { userId: 'u2', at: '2026-11-01T09:01:00.000Z' }),
  order('o1', 'OrderPaid', { paymentId: 'p', providerOrderId: 'x', amount: 200, currency: 'INR' }),
  ledger('ReferralRewardCredited', { userId: 'u1', orderId: 'o1', amount: 50 }),
  placed('o2', 'u2', 'resume_rewrite'),
  order('o2', 'OrderPaid', { paymentId: 'p2', providerOrderId: 'y', amount: 800, currency: 'INR' }),
  order('o2', 'OrderStatusChanged', { from: 'pending', to: 'processing' }),
  placed('o3', 'u2', 'resume_review'),
  order('o3', 'OrderDeleted'),
  placed('o4', 'u3', 'resume_review'),
  ledger('ReferralRewardCredited', { userId: 'u2', orderId: 'o5', amount: 50 }),
  ledger('PayoutRequested', {
    payoutId: 'p1',
    amount: 100,
    payeeName: 'Asha R',
    mobile: '9876543210',
    bankName: 'SBI',
    upiId: 'asha@upi',
  }),
  ledger('PayoutRejected', { payoutId: 'p1', amount: 100 }),
  ledger('PayoutRequested', {
    payoutId: 'p2',
    amount: 100,
    payeeName: 'Asha R',
    mobile: '9876543210',
    bankName: 'SBI',
    upiId: 'asha@upi',
  }),
  ledger('PayoutApproved', { payoutId: 'p2' }),
  ledger('PayoutPaid', { payoutId: 'p2', txnId: 'UTR9' }),
  ledger('ReferralRewardCredited', { userId: 'u3', orderId: 'o4', amount: 50 }),
  ledger('ReferralRewardClawedBack', { userId: 'u3', orderId: 'o4', amount: 50, shortfall: 0 }),
  order('o1', 'OrderRefunded', { refundId: 'r1', amount: 200, currency: 'INR' }),
  ledger('ReferralRewardClawedBack', { userId: 'u1', orderId: 'o1', amount: 0, shortfall: 50 }),
  { streamName: 'user-u2', type: 'UserErased', data: { userId: 'u2' }, metadata: at(minute++) },
]);

describe('influencer ledger projection', () => {
  it('is idempotent and keeps balance = credits − clawbacks − open/paid payouts', async () => {
    const { db } = database;
    await expectIdempotentProjection({
      db,
      projection: influencerLedgerProjection,
      events: history,
    });
    const row = await db.selectFrom('influencer_ledgers').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({
      influencer_id: 'i1',
      registrations: 2,
      // o1 was refunded; o2 is paid; o3 deleted; o4 belongs to an unreferred user.
      orders: 1,
      credited: 150,
      clawed_back: 50,
      held: 0,
      paid_out: 100,
      balance: 0,
      open_payout_id: null,
      pending: 0,
      debt: 0,
    });
    const orders = await db
      .selectFrom('influencer_referred_orders')
      .select(['order_id', 'user_email', 'service', 'status', 'paid'])
      .orderBy('order_id')
      .execute();
    expect(orders).toEqual([
      {
        order_id: 'o1',
        user_email: 'u1@example.com',
        service: 'resume_review',
        status: 'refunded',
        paid: true,
      },
      // u2 was erased: the e-mail goes, the order stays.
      {
        order_id: 'o2',
        user_email: null,
        service: 'resume_rewrite',
        status: 'processing',
        paid: true,
      },
    ]);
    const payouts = await db.selectFrom('payouts').selectAll().orderBy('id').execute();
    expect(payouts.map((p) => [p.id, p.status, p.amount, p.txn_id])).toEqual([
      ['p1', 'rejected', 100, null],
      ['p2', 'paid', 100, 'UTR9'],
    ]);
    expect(payouts[1]).toMatchObject({
      payee_name: 'Asha R',
      mobile: '9876543210',
      bank_name: 'SBI',
      upi_id: 'asha@upi',
      requested_at: new Date('2026-11-01T10:18:00.000Z'),
    });
    const referrals = await db
      .selectFrom('influencer_referrals')
      .select(['user_id', 'user_email', 'registered_at'])
      .orderBy('user_id')
      .execute();
    expect(referrals).toEqual([
      {
        user_id: 'u1',
        user_email: 'u1@example.com',
        registered_at: new Date('2026-11-01T09:00:00.000Z'),
      },
      { user_id: 'u2', user_email: null, registered_at: new Date('2026-11-01T09:01:00.000Z') },
    ]);
    const reward = await db
      .selectFrom('influencer_rewards')
      .selectAll()
      .where('user_id', '=', 'u1')
      .executeTakeFirstOrThrow();
    expect(reward).toMatchObject({ amount: 50, clawed_back: 0, shortfall: 50 });
  });

  it('shows an open payout holding the balance', async () => {
    const { db } = database;
    minute = 40;
    const events = recordedEvents([
      ledger('InfluencerCreated', {
        name: 'A',
        email: 'a@x',
        referralCode: 'A1',
        passwordHash: 'h',
      }),
      user('u9', 'u9@example.com', 'i1'),
      ledger('ReferralRegistered', { userId: 'u9', at: '2026-11-01T09:00:00.000Z' }),
      ledger('ReferralRewardCredited', { userId: 'u9', orderId: 'o9', amount: 50 }),
      ledger('PayoutRequested', {
        payoutId: 'p9',
        amount: 50,
        payeeName: null,
        mobile: null,
        bankName: null,
        upiId: null,
      }),
    ]);
    await expectIdempotentProjection({ db, projection: influencerLedgerProjection, events });
    expect(await db.selectFrom('influencer_ledgers').selectAll().executeTakeFirst()).toMatchObject({
      registrations: 1,
      credited: 50,
      held: 50,
      balance: 0,
      open_payout_id: 'p9',
    });
    // Payee details read null after crypto-shredding, and the row still stands.
    expect(await db.selectFrom('payouts').selectAll().executeTakeFirst()).toMatchObject({
      payee_name: null,
      status: 'requested',
    });
  });
});

describe('the partner programme in the ledger read model', () => {
  it('holds commissions, flags, debts, netted approvals and reasons, idempotently', async () => {
    const { db } = database;
    minute = 0;
    const payee = {
      method: 'bank',
      payeeName: 'Asha R',
      mobile: '9876543210',
      bankName: 'SBI',
      accountNumber: '12345678901',
      ifsc: 'SBIN0001234',
      upiId: '',
    };
    const inputs: EventInput[] = [
      ledger('InfluencerCreated', {
        name: 'Asha',
        email: 'asha@example.com',
        referralCode: 'ASHA1',
        passwordHash: 'h',
      }),
      {
        streamName: 'referral-click-c1',
        type: 'ReferralLinkClicked',
        data: { influencerId: 'i1', campaign: 'insta-reel' },
        metadata: at(minute++),
      },
      {
        streamName: 'user-u1',
        type: 'UserRegistered',
        data: {
          userId: 'u1',
          email: 'u1@example.com',
          name: 'u1',
          passwordHash: 'h',
          role: 'user',
          referral: { influencerId: 'i1', referralCode: 'ASHA1', campaign: 'insta-reel' },
        },
        metadata: at(minute++),
      },
      ledger('ReferralRegistered', {
        userId: 'u1',
        at: '2026-11-01T09:00:00.000Z',
        personKey: 'k1',
      }),
      ledger('ReferralFlagged', {
        userId: 'u2',
        reason: 'same_person',
        relatedUserId: 'u1',
        at: '2026-11-01T09:05:00.000Z',
      }),
      ledger('ReferralRewardCredited', { userId: 'u1', orderId: 'o1', amount: 50 }),
      ledger('CommissionPending', {
        userId: 'u1',
        orderId: 'o2',
        service: 'resume_rewrite',
        amount: 175,
      }),
      ledger('CommissionEarned', { userId: 'u1', orderId: 'o2', amount: 175 }),
      ledger('CommissionPending', {
        userId: 'u1',
        orderId: 'o3',
        service: 'resume_rewrite',
        amount: 175,
      }),
      // 225 earned, 175 pending; the request holds 225.
      ledger('PayoutRequested', { payoutId: 'p1', amount: 225, ...payee }),
      ledger('PayoutRejected', { payoutId: 'p1', amount: 225, reason: 'IFSC does not match' }),
      ledger('PayoutRequested', { payoutId: 'p2', amount: 225, ...payee }),
      // The review is refunded while p2 holds everything: a debt of 50.
      ledger('ReferralRewardClawedBack', { userId: 'u1', orderId: 'o1', amount: 50, shortfall: 0 }),
    ];
    await expectIdempotentProjection({
      db,
      projection: influencerLedgerProjection,
      events: recordedEvents(inputs),
    });
    expect(await db.selectFrom('influencer_ledgers').selectAll().executeTakeFirst()).toMatchObject({
      credited: 225,
      clawed_back: 50,
      held: 225,
      balance: -50,
      debt: 50,
      pending: 175,
      open_payout_id: 'p2',
    });
    const approved = recordedEvents([
      ...inputs,
      ledger('PayoutApproved', { payoutId: 'p2', amount: 175, netted: 50 }),
      ledger('CommissionCancelled', { userId: 'u1', orderId: 'o3', amount: 175 }),
    ]);
    await expectIdempotentProjection({
      db,
      projection: influencerLedgerProjection,
      events: approved,
    });
    expect(await db.selectFrom('influencer_ledgers').selectAll().executeTakeFirst()).toMatchObject({
      held: 175,
      balance: 0,
      debt: 0,
      pending: 0,
    });
    const payouts = await db.selectFrom('payouts').selectAll().orderBy('id').execute();
    expect(payouts.map((p) => [p.id, p.status, p.amount, p.netted, p.reason, p.method])).toEqual([
      ['p1', 'rejected', 225, 0, 'IFSC does not match', 'bank'],
      ['p2', 'approved', 175, 50, null, 'bank'],
    ]);
    expect(payouts[1]).toMatchObject({ account_number: '12345678901', ifsc: 'SBIN0001234' });
    // The funnel's rows: the click (no visitor data) and the campaign the registration carried.
    expect(
      await db.selectFrom('referral_clicks').select(['influencer_id', 'campaign']).execute(),
    ).toEqual([{ influencer_id: 'i1', campaign: 'insta-reel' }]);
    expect(
      await db.selectFrom('influencer_referrals').select(['user_id', 'campaign']).execute(),
    ).toEqual([{ user_id: 'u1', campaign: 'insta-reel' }]);
    const flags = await db.selectFrom('influencer_referral_flags').selectAll().execute();
    expect(flags).toMatchObject([
      { influencer_id: 'i1', user_id: 'u2', reason: 'same_person', related_user_id: 'u1' },
    ]);
    const commissions = await db
      .selectFrom('influencer_commissions')
      .select(['order_id', 'status', 'amount'])
      .orderBy('order_id')
      .execute();
    expect(commissions).toEqual([
      { order_id: 'o2', status: 'earned', amount: 175 },
      { order_id: 'o3', status: 'cancelled', amount: 175 },
    ]);
  });
});

describe('influencers projection', () => {
  it('keeps the current password hash and drops it on removal', async () => {
    const { db } = database;
    minute = 0;
    const created = ledger('InfluencerCreated', {
      name: 'Asha',
      email: 'asha@example.com',
      referralCode: 'asha1',
      passwordHash: '$argon2id$one',
    });
    const changed = ledger('InfluencerPasswordChanged', { passwordHash: '$argon2id$two' });
    await expectIdempotentProjection({
      db,
      projection: influencersProjection,
      events: recordedEvents([created, changed]),
    });
    expect(await db.selectFrom('influencers').selectAll().executeTakeFirst()).toMatchObject({
      referral_code: 'ASHA1',
      password_hash: '$argon2id$two',
      removed_at: null,
    });
    await expectIdempotentProjection({
      db,
      projection: influencersProjection,
      events: recordedEvents([created, changed, ledger('InfluencerRemoved', {})]),
    });
    const removed = await db.selectFrom('influencers').selectAll().executeTakeFirstOrThrow();
    expect(removed.password_hash).toBeNull();
    expect(removed.removed_at).not.toBeNull();
  });
});

describe('influencer queries projection', () => {
  it('lists replies once each and follows the status', async () => {
    const { db } = database;
    const q = (type: string, data: JsonObject, m: number): EventInput => ({
      streamName: 'influencer-query-q1',
      type,
      data: { queryId: 'q1', ...data },
      metadata: at(m),
    });
    const events = recordedEvents([
      q(
        'InfluencerQueryOpened',
        { influencerId: 'i1', subject: 'General Issue', message: 'Hi' },
        1,
      ),
      q('InfluencerQueryReplied', { reply: 'Looking', status: 'in_progress', by: 'admin:a' }, 2),
      q('InfluencerQueryReplied', { reply: 'Done', status: 'resolved', by: 'admin:a' }, 3),
    ]);
    await expectIdempotentProjection({ db, projection: influencerQueriesProjection, events });
    const row = await db.selectFrom('influencer_queries').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ influencer_id: 'i1', message: 'Hi', status: 'resolved' });
    expect(row.replies.map((r) => [r.body, r.by, r.at])).toEqual([
      ['Looking', 'admin:a', '2026-11-01T10:02:00.000Z'],
      ['Done', 'admin:a', '2026-11-01T10:03:00.000Z'],
    ]);
  });
});

describe('influencer ledger summaries deferred to the end of a one-transaction replay', () => {
  it('commits the same rows as refreshing after every batch', async () => {
    const { db } = database;
    const tables = [...INFLUENCER_LEDGER_TABLES];
    await sql`truncate ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < history.length; i += 3) {
        await influencerLedgerProjection.apply(trx, history.slice(i, i + 3));
      }
    });
    const refreshedPerBatch = await snapshotTables(db, tables);
    expect(refreshedPerBatch.influencer_ledgers).toHaveLength(1);

    await sql`truncate ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
    await db.transaction().execute(async (trx) => {
      deferLedgerRefreshes(trx);
      for (let i = 0; i < history.length; i += 3) {
        await influencerLedgerProjection.apply(trx, history.slice(i, i + 3));
      }
      const before = await trx.selectFrom('influencer_ledgers').selectAll().execute();
      expect(before).toEqual([]);
      await finishDeferredLedgers(trx);
    });
    expect(await snapshotTables(db, tables)).toEqual(refreshedPerBatch);
  });
});
