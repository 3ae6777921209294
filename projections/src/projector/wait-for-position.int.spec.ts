import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogProjection } from '../audit-log/audit-log.projection';
import type { Subscribers } from '../engine/subscriber';
import { silentLogger } from '../logger';
import type { Projection } from '../projection';
import { createProjectionTestContext, type ProjectionTestContext } from '../testing';
import { startProjectors } from './projector';
import { type CheckpointWaiter, createCheckpointWaiter } from './wait-for-position';

let ctx: ProjectionTestContext;
let waiter: CheckpointWaiter;
let runner: Subscribers | null = null;

/** Reacts to one event type only: its checkpoint must still move past everything else. */
const refunds: Projection = {
  name: 'refunds_only',
  tables: [],
  handles: ['OrderRefunded'],
  apply: async () => undefined,
};

const names = [auditLogProjection.name, refunds.name];

function startRunner(): Subscribers {
  runner = startProjectors({
    store: ctx.store,
    db: ctx.db,
    projections: [auditLogProjection, refunds],
    logger: silentLogger,
    standbyRetryMs: 100,
  });
  return runner;
}

beforeAll(async () => {
  ctx = await createProjectionTestContext('wait');
  // A slow fallback poll, so these tests show LISTEN/NOTIFY doing the work.
  waiter = createCheckpointWaiter({ connectionString: ctx.url }, { pollIntervalMs: 10_000 });
});

afterAll(async () => {
  await runner?.stop();
  await waiter.close();
  await ctx.drop();
});

describe('checkpoint waiter', () => {
  it('times out (false) while no runner has reached the position', async () => {
    const { position } = await ctx.append('order-1', ['OrderPlaced']);
    // The answer is the behaviour: false, and no checkpoint reached the position meanwhile.
    expect(await waiter.waitFor(position, { projections: names, timeoutMs: 300 })).toBe(false);
    const reached = await ctx.db
      .selectFrom('projection_checkpoints')
      .select('name')
      .where('position', '>=', position)
      .execute();
    expect(reached).toEqual([]);
  });

  it('resolves true once every projection has committed the position, even one that ignores it', async () => {
    const { position } = await ctx.append('order-2', ['OrderPlaced'], ['OrderPaid']);
    const waiting = waiter.waitFor(position, { projections: names, timeoutMs: 30_000 });
    startRunner();
    expect(await waiting).toBe(true);
    const rows = await ctx.db
      .selectFrom('audit_log')
      .select('type')
      .where('stream_name', '=', 'order-2')
      .execute();
    expect(rows.map((row) => row.type).sort()).toEqual(['OrderPaid', 'OrderPlaced']);
  });

  it('reads its own write right after a live append', async () => {
    const { position } = await ctx.append('order-3', ['OrderDeleted']);
    expect(await waiter.waitFor(position, { projections: names, timeoutMs: 30_000 })).toBe(true);
    const row = await ctx.db
      .selectFrom('audit_log')
      .select('type')
      .where('position', '=', position)
      .executeTakeFirst();
    expect(row?.type).toBe('OrderDeleted');
  });

  it('learns later checkpoints from notifications alone: no query per wait', async () => {
    const pool = new pg.Pool({ connectionString: ctx.url, max: 2 });
    pool.on('error', () => undefined);
    let queries = 0;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    pool.query = ((...args: unknown[]) => {
      queries += 1;
      return query(...args);
    }) as typeof pool.query;
    const counted = createCheckpointWaiter({ pool }, { pollIntervalMs: 10_000 });
    try {
      const first = await ctx.append('order-6', ['OrderPlaced']);
      expect(await counted.waitFor(first.position, { projections: names, timeoutMs: 30_000 })).toBe(
        true,
      );
      const afterFirst = queries;
      for (const stream of ['order-7', 'order-8']) {
        const { position } = await ctx.append(stream, ['OrderPaid']);
        expect(await counted.waitFor(position, { projections: names, timeoutMs: 30_000 })).toBe(
          true,
        );
      }
      expect(queries).toBe(afterFirst);
    } finally {
      await counted.close();
      await pool.end();
    }
  });

  it('answers at once for a position already reached, and waits on unknown projections', async () => {
    const { position } = await ctx.append('order-4', ['OrderPlaced']);
    expect(await waiter.waitFor(position, { projections: names, timeoutMs: 30_000 })).toBe(true);
    expect(await waiter.waitFor(position, { projections: names, timeoutMs: 0 })).toBe(true);
    expect(
      await waiter.waitFor(position, { projections: ['never_registered'], timeoutMs: 100 }),
    ).toBe(false);
  });

  it('falls back to polling when no notification arrives', async () => {
    const polling = createCheckpointWaiter(
      { connectionString: ctx.url },
      { projections: names, pollIntervalMs: 50 },
    );
    try {
      const target = (await ctx.append('order-5', ['OrderPlaced'])).position;
      // Waits on the default projection list given at creation.
      expect(await polling.waitFor(target, { timeoutMs: 30_000 })).toBe(true);
      // A checkpoint written without NOTIFY (as if the notification were lost): only the poll
      // can see it; the waiter that polls every 10 s does not within a second.
      const pollingWait = polling.waitFor(target, { projections: ['silent'], timeoutMs: 5000 });
      const listeningWait = waiter.waitFor(target, { projections: ['silent'], timeoutMs: 1000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await ctx.db
        .insertInto('projection_checkpoints')
        .values({ name: 'silent', position: target, version: 1 })
        .execute();
      expect(await pollingWait).toBe(true);
      expect(await listeningWait).toBe(false);
    } finally {
      await polling.close();
    }
  });

  it('gives its connection back once: an error after close() is not a second release', async () => {
    // A pool the waiter does not own keeps the released connection idle, where the server can
    // still end it (a restart, a failover); pg-pool throws on a double release.
    const pool = new pg.Pool({ connectionString: ctx.url, max: 2 });
    pool.on('error', () => undefined);
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const shared = createCheckpointWaiter({ pool }, { pollIntervalMs: 10_000 });
      const { position } = await ctx.append('order-9', ['OrderPlaced']);
      await shared.waitFor(position, { projections: ['never_registered'], timeoutMs: 0 });
      await shared.close();
      const ended = new Promise<void>((resolve) => pool.once('remove', () => resolve()));
      // The connection the waiter listened on, idle in the pool since its UNLISTEN.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and state = 'idle' and query like 'UNLISTEN %'`.execute(
        ctx.db,
      );
      await ended;
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
      await pool.end();
    }
  });
});
