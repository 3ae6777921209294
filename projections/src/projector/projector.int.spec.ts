import type { Position } from '@shortlist/eventstore';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../database';
import type { Subscribers } from '../engine/subscriber';
import { silentLogger } from '../logger';
import type { Projection } from '../projection';
import { createProjectionTestContext, type ProjectionTestContext } from '../testing';
import { startProjectors } from './projector';

let ctx: ProjectionTestContext;
const runners: Subscribers[] = [];

beforeAll(async () => {
  ctx = await createProjectionTestContext('runner');
});

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await ctx.drop();
});

/**
 * A deliberately NON-idempotent projection (plain INSERT, no key), so a duplicate delivery shows
 * up as a duplicate row. It records which runner applied each event.
 */
async function seenProjection(
  table: string,
  runnerId: string,
  options: { failing?: () => boolean; delayMs?: number; version?: number } = {},
): Promise<Projection> {
  await sql`create table if not exists ${sql.table(table)} (
    position text not null, type text not null, runner text not null
  )`.execute(ctx.db);
  return {
    name: table,
    ...(options.version === undefined ? {} : { version: options.version }),
    tables: [table],
    async apply(trx, events) {
      for (const event of events) {
        if (event.type === 'Poison' && options.failing?.()) throw new Error('poisoned event');
        await sql`insert into ${sql.table(table)} values (${event.position}, ${event.type}, ${runnerId})`.execute(
          trx,
        );
      }
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    },
  };
}

function start(
  db: Kysely<Database>,
  projection: Projection,
  batchSize = 50,
  quarantineAfterAttempts?: number,
): Subscribers {
  const runner = startProjectors({
    ...(quarantineAfterAttempts === undefined ? {} : { quarantineAfterAttempts }),
    store: ctx.store,
    db,
    projections: [projection],
    batchSize,
    logger: silentLogger,
    standbyRetryMs: 100,
    heartbeatMs: 100,
    backoff: { initialMs: 20, maxMs: 100 },
  });
  runners.push(runner);
  return runner;
}

async function seen(table: string): Promise<Array<{ position: string; runner: string }>> {
  const result = await sql<{ position: string; runner: string }>`
    select position, runner from ${sql.table(table)} order by position, runner
  `.execute(ctx.db);
  return result.rows;
}

async function checkpointOf(name: string): Promise<Position | null | undefined> {
  const row = await ctx.db
    .selectFrom('projection_checkpoints')
    .select('position')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.position;
}

async function allPositions(): Promise<Position[]> {
  const positions: Position[] = [];
  for (;;) {
    const events = await ctx.store.readAll({ after: positions.at(-1) ?? null, limit: 1000 });
    if (events.length === 0) return positions;
    positions.push(...events.map((event) => event.position));
  }
}

/**
 * Other test files share this PostgreSQL cluster, and a long transaction anywhere in it holds
 * back what the store may read (see the adapter), so waits are generous and measured against
 * the position of our own last append, never the store's head.
 */
const eventually = (assertion: () => unknown) =>
  vi.waitFor(assertion, { timeout: 30_000, interval: 25 });

let lastAppended: Position | null = null;
async function append(streamName: string, ...events: Array<[string]>): Promise<void> {
  lastAppended = (await ctx.append(streamName, ...events)).position;
}

async function caughtUp(name: string): Promise<Position> {
  const target = lastAppended;
  if (target === null) throw new Error('append something first');
  await eventually(async () =>
    expect(await checkpointOf(name), JSON.stringify(runners.map((r) => r.status()))).toBe(target),
  );
  return target;
}

describe('startProjectors', () => {
  it('catches up from the first event, then follows live appends', async () => {
    await append('order-1', ['OrderPlaced'], ['OrderPaid']);
    await append('order-2', ['OrderPlaced']);
    const runner = start(ctx.db, await seenProjection('seen_follow', 'A'));
    await caughtUp('seen_follow');
    expect((await seen('seen_follow')).map((row) => row.position)).toEqual(await allPositions());

    await append('order-3', ['OrderPlaced'], ['OrderDeleted']);
    const head = await caughtUp('seen_follow');
    expect((await seen('seen_follow')).map((row) => row.position)).toEqual(await allPositions());
    expect(runner.status()).toEqual([
      { name: 'seen_follow', state: 'active', position: head, failures: 0, lastError: null },
    ]);
  });

  it('commits rows and checkpoint together: a failing batch moves neither, then retries', async () => {
    let failing = true;
    // Quarantine (quarantine.int.spec.ts) is kept out of reach: this is about the retries.
    const runner = start(
      ctx.db,
      await seenProjection('seen_atomic', 'A', { failing: () => failing }),
      50,
      1_000_000,
    );
    const before = await caughtUp('seen_atomic');
    const rowsBefore = await seen('seen_atomic');

    // One append, hence one batch: 'Before' is inserted, then 'Poison' throws mid-batch.
    await append('order-4', ['Before'], ['Poison'], ['After']);
    await eventually(() => expect(runner.status()[0]?.failures).toBeGreaterThanOrEqual(3));
    expect(await checkpointOf('seen_atomic')).toBe(before);
    expect(await seen('seen_atomic')).toEqual(rowsBefore);
    expect(runner.status()[0]?.lastError).toBe('poisoned event');

    failing = false;
    await caughtUp('seen_atomic');
    expect((await seen('seen_atomic')).map((row) => row.position)).toEqual(await allPositions());
    expect(runner.status()[0]).toMatchObject({ state: 'active', failures: 0, lastError: null });
  });

  it('resumes after a stop from its checkpoint, with no event applied twice', async () => {
    for (let i = 0; i < 20; i++) {
      await append(`bulk-${i}`, ...Array.from({ length: 10 }, (): [string] => ['Bulk']));
    }
    const projection = await seenProjection('seen_restart', 'first', { delayMs: 10 });
    const first = start(ctx.db, projection, 7);
    await eventually(async () => expect((await seen('seen_restart')).length).toBeGreaterThan(50));
    await first.stop();

    const stoppedAt = await checkpointOf('seen_restart');
    const rows = await seen('seen_restart');
    const positions = await allPositions();
    expect(stoppedAt).not.toBe(positions.at(-1));
    // Rows and checkpoint agree after a stop in the middle of the backlog.
    expect(rows.map((row) => row.position)).toEqual(
      positions.filter((position) => stoppedAt != null && position <= stoppedAt),
    );

    start(ctx.db, await seenProjection('seen_restart', 'second'), 7);
    await caughtUp('seen_restart');
    const after = await seen('seen_restart');
    expect(after.map((row) => row.position)).toEqual(await allPositions());
    expect(after.filter((row) => row.runner === 'second').length).toBe(
      positions.length - rows.length,
    );
  });

  it('lets only one runner apply a projection; a stand-by takes over when it stops', async () => {
    const dbA = ctx.newDb();
    const dbB = ctx.newDb();
    const runnerA = start(dbA, await seenProjection('seen_lock', 'A'));
    await eventually(() => expect(runnerA.status()[0]?.state).toBe('active'));
    const runnerB = start(dbB, await seenProjection('seen_lock', 'B'));
    await eventually(() => expect(runnerB.status()[0]?.state).toBe('standby'));

    await append('order-5', ['OrderPlaced'], ['OrderPaid']);
    await caughtUp('seen_lock');
    const applied = await seen('seen_lock');
    expect(applied.map((row) => row.position)).toEqual(await allPositions());
    expect(new Set(applied.map((row) => row.runner))).toEqual(new Set(['A']));
    expect(runnerB.status()[0]?.state).toBe('standby');

    await runnerA.stop();
    expect(runnerA.status()[0]?.state).toBe('stopped');
    await append('order-6', ['OrderPlaced']);
    await eventually(() => expect(runnerB.status()[0]?.state).toBe('active'));
    await caughtUp('seen_lock');
    const all = await seen('seen_lock');
    expect(all.map((row) => row.position)).toEqual(await allPositions());
    expect(all.filter((row) => row.runner === 'B').length).toBe(all.length - applied.length);
    expect(all.length).toBeGreaterThan(applied.length);
  });

  it('rebuilds a projection from zero when its version changes', async () => {
    const v1 = start(ctx.db, await seenProjection('seen_version', 'v1'));
    await caughtUp('seen_version');
    await v1.stop();
    expect(new Set((await seen('seen_version')).map((row) => row.runner))).toEqual(new Set(['v1']));

    start(ctx.db, await seenProjection('seen_version', 'v2', { version: 2 }));
    await eventually(async () => {
      const rows = await seen('seen_version');
      expect(rows.map((row) => row.runner).every((runner) => runner === 'v2')).toBe(true);
      expect(rows.map((row) => row.position)).toEqual(await allPositions());
    });
  });
});
