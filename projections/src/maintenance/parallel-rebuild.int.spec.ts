import type { JsonObject, Position } from '@shortlist/eventstore';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKysely } from '../database';
import { silentLogger } from '../logger';
import type { Projection } from '../projection';
import { startProjectors } from '../projector/projector';
import { allProjections } from '../registry';
import {
  createProjectionTestContext,
  newEvent,
  type ProjectionTestContext,
  snapshotTables,
  type TableSnapshot,
} from '../testing';
import { rebuildProjections } from './rebuild';
import { verifyProjections } from './verify';

let ctx: ProjectionTestContext;
let head: Position | null = null;
let poisonId = '';

/** The users projection, except that it cannot apply one chosen event (a poison event). */
const projections: Projection[] = allProjections().map((projection) =>
  projection.name !== 'users'
    ? projection
    : {
        ...projection,
        async apply(trx, events) {
          if (events.some((event) => event.id === poisonId)) {
            throw new Error('users projector cannot apply this event');
          }
          await projection.apply(trx, events);
        },
      },
);
const tables = [...projections.flatMap((projection) => projection.tables)];

const metadata = (i: number): JsonObject => ({
  // Tabs, line breaks and backslashes, which COPY's text format must escape.
  actor: i % 7 === 0 ? `user:u${i}\tnote\\path\nnext line` : `user:u${i}`,
  correlationId: `req-${i}`,
  causationId: i % 3 === 0 ? null : `evt-${i - 1}`,
  at: `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00.000Z`,
});

async function append(streamName: string, i: number, type: string, data: JsonObject) {
  const event = newEvent(type, data, metadata(i));
  head = (await ctx.store.append(streamName, [event])).position;
  return event.id;
}

/** Every read model's events: influencers, referred users, orders, rewards, payouts, queries. */
async function appendHistory(): Promise<void> {
  for (let k = 0; k < 3; k++) {
    await append(`influencer-i${k}`, k, 'InfluencerCreated', {
      influencerId: `i${k}`,
      name: `Influencer ${k}`,
      email: `i${k}@example.com`,
      referralCode: `CODE${k}`,
      passwordHash: '$argon2id$x',
    });
  }
  for (let i = 0; i < 30; i++) {
    const influencerId = i % 2 === 0 ? `i${i % 3}` : null;
    const id = await append(`user-u${i}`, i, 'UserRegistered', {
      userId: `u${i}`,
      email: `u${i}@example.com`,
      name: `User ${i}`,
      passwordHash: 'hash',
      role: 'user',
      referral: influencerId === null ? null : { influencerId, referralCode: `CODE${i % 3}` },
    });
    if (i === 11) poisonId = id;
    if (influencerId !== null) {
      await append(`influencer-${influencerId}`, i, 'ReferralRegistered', {
        influencerId,
        userId: `u${i}`,
        at: metadata(i).at ?? null,
      });
    }
    const orderId = `o${i}`;
    await append(`order-${orderId}`, i, 'OrderPlaced', {
      orderId,
      userId: `u${i}`,
      userEmail: `u${i}@example.com`,
      service: i % 2 === 0 ? 'resume_review' : 'resume_rewrite',
      planName: 'Plan',
      description: `Order ${i}`,
      amount: 200,
      currency: 'INR',
      resume: null,
      customerUploads: [{ fileId: `f${i}`, name: 'cv.pdf' }],
    });
    if (i % 5 === 4) {
      await append(`order-${orderId}`, i, 'OrderDeleted', { orderId });
      continue;
    }
    await append(`order-${orderId}`, i, 'OrderPaid', {
      orderId,
      paymentId: `pay_${i}`,
      providerOrderId: `order_${i}`,
      amount: 200,
      currency: 'INR',
    });
    if (influencerId !== null) {
      await append(`influencer-${influencerId}`, i, 'ReferralRewardCredited', {
        influencerId,
        userId: `u${i}`,
        orderId,
        amount: 50,
      });
    }
    if (i % 3 === 0) {
      await append(`order-${orderId}`, i, 'DeliveryAttached', {
        orderId,
        file: { fileId: `d${i}`, name: 'final.pdf' },
        filename: 'final.pdf',
      });
      await append(`order-${orderId}`, i, 'OrderStatusChanged', {
        orderId,
        from: 'pending',
        to: 'completed',
      });
    }
    if (i % 4 === 0) {
      await append(`query-q${i}`, i, 'QueryOpened', {
        queryId: `q${i}`,
        pid: `u${i}`,
        email: `u${i}@example.com`,
        message: `Question ${i}\twith a tab`,
      });
    }
    // Only the audit log reads it.
    if (i % 9 === 0) await append(`misc-${i}`, i, 'SomethingUnrelated', { n: i });
  }
  await append('influencer-i0', 99, 'PayoutRequested', {
    influencerId: 'i0',
    payoutId: 'p1',
    amount: 100,
    payeeName: 'Payee',
    mobile: '9876543210',
    bankName: 'SBI',
    upiId: 'payee@upi',
  });
}

async function readModels(): Promise<TableSnapshot> {
  const snapshot = await snapshotTables(ctx.db, tables);
  // The quarantine's ids and times are the run's own; which events it holds open is the point.
  const { rows } = await sql<JsonObject>`
    select projection, position, event_id, type from projection_quarantine
    where resolved_at is null order by projection, position`.execute(ctx.db);
  const checkpoints = await sql<JsonObject>`
    select name, position from projection_checkpoints order by name`.execute(ctx.db);
  return { ...snapshot, quarantine: rows, checkpoints: checkpoints.rows };
}

let live: TableSnapshot;

beforeAll(async () => {
  ctx = await createProjectionTestContext('parallel');
  await appendHistory();
  // The live replay: the runner applies the history batch by batch and quarantines the poison.
  // One connection per active projection, and its queries.
  const runnerDb = createKysely({ connectionString: ctx.url, poolMax: projections.length + 2 });
  const runner = startProjectors({
    store: ctx.store,
    db: runnerDb,
    projections,
    logger: silentLogger,
    batchSize: 16,
    heartbeatMs: 100,
    quarantineAfterAttempts: 1,
    backoff: { initialMs: 10, maxMs: 50 },
  });
  try {
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ position: Position | null }>`
          select position from projection_checkpoints`.execute(ctx.db);
        expect(rows).toHaveLength(projections.length);
        expect(rows.every((row) => row.position === head)).toBe(true);
      },
      { timeout: 60_000, interval: 50 },
    );
  } finally {
    await runner.stop();
    await runnerDb.destroy();
  }
  live = await readModels();
}, 120_000);

afterAll(async () => {
  await ctx.drop();
});

describe('parallel rebuild', () => {
  it('the live replay quarantined the poison event and built every read model', () => {
    expect(live.quarantine).toEqual([
      {
        projection: 'users',
        position: expect.any(String),
        event_id: poisonId,
        type: 'UserRegistered',
      },
    ]);
    expect(live.audit_log?.length).toBeGreaterThan(100);
    expect(live.orders).toHaveLength(30 - 6);
    expect(live.users).toHaveLength(29);
    expect(live.influencer_ledgers).toHaveLength(3);
  });

  // One lane (every read model in one transaction), four, and one per read model (the lease
  // takes one connection of the pool). Only the poisoned lane falls back to the page-by-page
  // replay that quarantines; the others keep their one-transaction load (COPY for audit_log).
  it.each([
    { poolMax: 2, pageByPage: projections.map((projection) => projection.name) },
    { poolMax: 5, pageByPage: ['users', 'influencer-queries'] },
    { poolMax: 9, pageByPage: ['users'] },
  ])(
    'gives exactly the rows of the live replay, quarantine included (pool of $poolMax)',
    async ({ poolMax, pageByPage }) => {
      const fallbacks: unknown[] = [];
      const logger = {
        ...silentLogger,
        warn(data: Record<string, unknown>, message: string) {
          if (message.startsWith('rebuilding these page by page')) fallbacks.push(data.projections);
        },
      };
      // Rows the rebuild must throw away.
      await sql`update orders set status = 'tampered'`.execute(ctx.db);
      await sql`delete from audit_log where position in (
                  select position from audit_log order by position limit 5)`.execute(ctx.db);
      const db = createKysely({ connectionString: ctx.url, poolMax });
      try {
        const results = await rebuildProjections({
          db,
          store: ctx.store,
          projections,
          batchSize: 7,
          logger,
        });
        expect(results.map((result) => [result.projection, result.mode, result.position])).toEqual(
          projections.map((projection) => [projection.name, 'inline', head]),
        );
      } finally {
        await db.destroy();
      }
      expect(await readModels()).toEqual(live);
      expect(fallbacks).toEqual([pageByPage]);
    },
    60_000,
  );

  it('verify replays in lanes too and finds the rebuilt read models equal to the events', async () => {
    const report = await verifyProjections({
      connectionString: ctx.url,
      store: ctx.store,
      projections,
      batchSize: 7,
      lanes: 3,
    });
    expect(report.ok).toBe(true);
    expect(report.projections.find((p) => p.name === 'users')?.quarantined).toBe(1);

    await sql`update audit_log set actor = 'mallory'
              where position = (select max(position) from audit_log)`.execute(ctx.db);
    const planted = await verifyProjections({
      connectionString: ctx.url,
      store: ctx.store,
      projections,
      batchSize: 7,
    });
    expect(planted.ok).toBe(false);
    expect(planted.projections.filter((p) => !p.ok).map((p) => p.name)).toEqual(['audit_log']);
  });
});
