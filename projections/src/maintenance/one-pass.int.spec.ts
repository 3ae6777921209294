import type { EventStore, RecordedEvent } from '@shortlist/eventstore';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogProjection } from '../audit-log/audit-log.projection';
import {
  createProjectionTestContext,
  type ProjectionTestContext,
  snapshotTables,
} from '../testing';
import { usersProjection } from '../users/users.projection';
import { rebuildProjections } from './rebuild';
import { verifyProjections } from './verify';

let ctx: ProjectionTestContext;
const EVENTS = 12;

beforeAll(async () => {
  ctx = await createProjectionTestContext('onepass');
  for (let i = 0; i < EVENTS / 2; i++) {
    await ctx.append(`order-${i}`, ['OrderPlaced'], ['OrderPaid']);
  }
});

afterAll(async () => {
  await ctx.drop();
});

const projections = [auditLogProjection, usersProjection];

/** The store, counting the events each readAll hands out; `fail` makes the next read throw. */
function countingStore(): { store: EventStore; read: () => number; fail: (error: Error) => void } {
  const { store } = ctx;
  let read = 0;
  let failure: Error | null = null;
  return {
    read: () => read,
    fail: (error) => {
      failure = error;
    },
    store: {
      ...store,
      append: (...args) => store.append(...args),
      readStream: (...args) => store.readStream(...args),
      async readAll(options): Promise<RecordedEvent[]> {
        if (failure !== null) throw failure;
        const events = await store.readAll(options);
        read += events.length;
        return events;
      },
      subscribe: (...args) => store.subscribe(...args),
      headPosition: () => store.headPosition(),
      committedHeadPosition: () => store.committedHeadPosition(),
      close: () => store.close(),
    },
  };
}

async function indexesOf(table: string): Promise<string[]> {
  const { rows } = await sql<{ indexdef: string }>`
    select indexdef from pg_indexes where tablename = ${table} order by indexname`.execute(ctx.db);
  return rows.map((row) => row.indexdef);
}

describe('rebuild in one pass', () => {
  it('builds the same rows and keeps every index of the tables it loaded', async () => {
    await rebuildProjections({ db: ctx.db, store: ctx.store, projections });
    const rows = await snapshotTables(ctx.db, ['audit_log', 'users']);
    const indexes = await indexesOf('audit_log');
    expect(indexes.length).toBeGreaterThan(2);

    const counting = countingStore();
    await rebuildProjections({ db: ctx.db, store: counting.store, projections, batchSize: 5 });
    expect(await snapshotTables(ctx.db, ['audit_log', 'users'])).toEqual(rows);
    expect(await indexesOf('audit_log')).toEqual(indexes);
    expect(counting.read()).toBe(EVENTS);
  });

  it('leaves the old rows, indexes and checkpoints in place when it fails part-way', async () => {
    await rebuildProjections({ db: ctx.db, store: ctx.store, projections });
    const rows = await snapshotTables(ctx.db, ['audit_log', 'projection_checkpoints']);
    const indexes = await indexesOf('audit_log');
    const counting = countingStore();
    const lostConnection = Object.assign(new Error('connection lost'), { code: '08006' });
    const failing: EventStore = {
      ...counting.store,
      async readAll(options) {
        // The first page goes through, the second read fails: the load is half done.
        if (counting.read() > 0) counting.fail(lostConnection);
        return counting.store.readAll(options);
      },
    };
    await expect(
      rebuildProjections({ db: ctx.db, store: failing, projections, batchSize: 5 }),
    ).rejects.toThrow('connection lost');
    expect(await snapshotTables(ctx.db, ['audit_log', 'projection_checkpoints'])).toEqual(rows);
    expect(await indexesOf('audit_log')).toEqual(indexes);
  });
});

describe('verify in one pass', () => {
  it('reads each event once for all the projections and still finds a planted difference', async () => {
    await rebuildProjections({ db: ctx.db, store: ctx.store, projections });
    const clean = countingStore();
    const report = await verifyProjections({
      connectionString: ctx.url,
      store: clean.store,
      projections,
      batchSize: 5,
    });
    expect(report.ok).toBe(true);
    expect(clean.read()).toBe(EVENTS);

    await sql`update audit_log set type = 'Planted'
              where position = (select max(position) from audit_log)`.execute(ctx.db);
    const planted = await verifyProjections({
      connectionString: ctx.url,
      store: ctx.store,
      projections,
    });
    expect(planted.ok).toBe(false);
    expect(planted.projections.find((p) => p.name === 'audit_log')?.differences[0]).toMatchObject({
      table: 'audit_log',
      missingCount: 1,
      unexpectedCount: 1,
    });
  });
});
