import type { EventStore, Position } from '@shortlist/eventstore';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLogProjection } from '../audit-log/audit-log.projection';
import type { Subscribers } from '../engine/subscriber';
import { silentLogger } from '../logger';
import { startProjectors } from '../projector/projector';
import {
  createProjectionTestContext,
  type ProjectionTestContext,
  snapshotTables,
} from '../testing';
import { usersProjection } from '../users/users.projection';
import { rebuildProjection, rebuildProjections } from './rebuild';
import { verifyProjections } from './verify';

let ctx: ProjectionTestContext;
let lastAppended: Position | null = null;

beforeAll(async () => {
  ctx = await createProjectionTestContext('maint');
  for (let i = 0; i < 5; i++) await append(`order-${i}`, 'OrderPlaced', 'OrderPaid');
});

afterAll(async () => {
  await ctx.drop();
});

async function append(streamName: string, ...types: string[]): Promise<void> {
  lastAppended = (await ctx.append(streamName, ...types.map((type): [string] => [type]))).position;
}

const eventually = (assertion: () => unknown) =>
  vi.waitFor(assertion, { timeout: 30_000, interval: 25 });

async function checkpoint(): Promise<Position | null | undefined> {
  const row = await ctx.db
    .selectFrom('projection_checkpoints')
    .select('position')
    .where('name', '=', auditLogProjection.name)
    .executeTakeFirst();
  return row?.position;
}

async function withRunner<T>(work: (runner: Subscribers) => Promise<T>): Promise<T> {
  const runner = startProjectors({
    store: ctx.store,
    db: ctx.newDb(),
    projections: [auditLogProjection],
    logger: silentLogger,
    heartbeatMs: 100,
  });
  try {
    // Active means it holds the lease: the checkpoint alone may be a previous test's rebuild.
    await eventually(() => expect(runner.status()[0]?.state).toBe('active'));
    await eventually(async () => expect(await checkpoint()).toBe(lastAppended));
    return await work(runner);
  } finally {
    await runner.stop();
  }
}

const auditRows = () => snapshotTables(ctx.db, ['audit_log']);
const verify = () =>
  verifyProjections({
    connectionString: ctx.url,
    store: ctx.store,
    projections: [auditLogProjection],
  });

async function tamper(): Promise<void> {
  await sql`update audit_log set actor = 'mallory'
            where position = (select min(position) from audit_log)`.execute(ctx.db);
}

describe('rebuild', () => {
  it('replays inline to the same rows when no runner holds the projection', async () => {
    const live = await withRunner(() => auditRows());
    expect(live.audit_log).toHaveLength(10);
    await tamper();
    const result = await rebuildProjection({
      db: ctx.db,
      store: ctx.store,
      projection: auditLogProjection,
    });
    expect(result).toEqual({ projection: 'audit_log', mode: 'inline', position: lastAppended });
    expect(await auditRows()).toEqual(live);
  });

  it('resets in one transaction and lets the running projector replay', async () => {
    await withRunner(async () => {
      const live = await auditRows();
      await tamper();
      const result = await rebuildProjection({
        db: ctx.db,
        store: ctx.store,
        projection: auditLogProjection,
      });
      expect(result.mode).toBe('projector');
      await eventually(async () => expect(await checkpoint()).toBe(lastAppended));
      expect(await auditRows()).toEqual(live);
    });
  });

  it('rebuilds several projections in one pass, reading each event once', async () => {
    const live = await withRunner(() => auditRows());
    await tamper();
    let read = 0;
    const { store } = ctx;
    const counting: EventStore = {
      append: (...args) => store.append(...args),
      readStream: (...args) => store.readStream(...args),
      async readAll(options) {
        const events = await store.readAll(options);
        read += events.length;
        return events;
      },
      subscribe: (...args) => store.subscribe(...args),
      headPosition: () => store.headPosition(),
      committedHeadPosition: () => store.committedHeadPosition(),
      close: () => store.close(),
    };
    const results = await rebuildProjections({
      db: ctx.db,
      store: counting,
      projections: [auditLogProjection, usersProjection],
      batchSize: 3,
    });
    expect(results).toEqual([
      { projection: 'audit_log', mode: 'inline', position: lastAppended },
      { projection: 'users', mode: 'inline', position: lastAppended },
    ]);
    expect(await auditRows()).toEqual(live);
    expect(read).toBe(live.audit_log?.length);
  });
});

describe('verify', () => {
  it('reports no difference on a consistent database, and leaves no scratch schema', async () => {
    await withRunner(async () => {
      const report = await verify();
      expect(report).toEqual({
        ok: true,
        projections: [
          {
            name: 'audit_log',
            position: lastAppended,
            ok: true,
            differences: [],
            quarantined: 0,
          },
        ],
      });
    });
    const scratch = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.schemata
      where schema_name like 'projections_verify_%'
    `.execute(ctx.db);
    expect(scratch.rows[0]?.n).toBe(0);
  });

  it('reports a tampered live row as one missing and one unexpected row', async () => {
    await tamper();
    const report = await verify();
    expect(report.ok).toBe(false);
    const difference = report.projections[0]?.differences[0];
    expect(difference).toMatchObject({ table: 'audit_log', missingCount: 1, unexpectedCount: 1 });
    expect(difference?.unexpected[0]).toMatchObject({ actor: 'mallory' });
    expect(difference?.missing[0]).toMatchObject({ actor: 'user:test' });
    expect(difference?.missing[0]?.position).toBe(difference?.unexpected[0]?.position);
  });

  it('reports deleted and invented rows', async () => {
    await sql`delete from audit_log where position = (select max(position) from audit_log)`.execute(
      ctx.db,
    );
    await sql`insert into audit_log values ('99999999999999999999-99999999999999999999', 'x-1', 0,
      '00000000-0000-4000-8000-000000000999', 'Invented', null, null, null, now())`.execute(ctx.db);
    const difference = (await verify()).projections[0]?.differences[0];
    expect(difference?.missingCount).toBe(2);
    expect(difference?.unexpectedCount).toBe(2);
    expect(difference?.unexpected.map((row) => row.type)).toContain('Invented');
  });

  it('compares at a settled checkpoint while the runner keeps applying new events', async () => {
    await rebuildProjection({ db: ctx.db, store: ctx.store, projection: auditLogProjection });
    await withRunner(async () => {
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing; i++) await append(`busy-${i}`, 'OrderPlaced');
      })();
      try {
        const report = await verify();
        expect(report.ok).toBe(true);
      } finally {
        writing = false;
        await writer;
      }
    });
  });
});
