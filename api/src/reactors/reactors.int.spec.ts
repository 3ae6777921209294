import { randomUUID } from 'node:crypto';
import {
  createPostgresEventStore,
  type EventStore,
  migratePostgresEventStore,
  type Position,
  type RecordedEvent,
} from '@shortlist/eventstore';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import {
  createKysely,
  type Database,
  migrateToLatest,
  type Reactor,
  readReactorCheckpoint,
  type Subscribers,
  silentLogger,
  startReactors,
} from '@shortlist/projections';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

let database: TestDatabase;
let store: EventStore;
let pool: pg.Pool;
let db: Kysely<Database>;
const runners: Subscribers[] = [];

beforeAll(async () => {
  database = await createTestDatabase('reactor');
  await migratePostgresEventStore(database.url);
  store = createPostgresEventStore({ connectionString: database.url });
  pool = new pg.Pool({ connectionString: database.url, max: 6 });
  pool.on('error', () => undefined);
  db = createKysely({ pool });
  await migrateToLatest(db);
});

afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await pool?.end();
  await store?.close();
  await database?.drop();
});

/** A reactor that records what it saw (by runner), and can be told to fail on 'Poison'. */
function recorder(
  name: string,
  runner: string,
  seen: Array<[string, string]>,
  failing = () => false,
): Reactor {
  return {
    name,
    handles: ['Ping', 'Poison'],
    async handle(event: RecordedEvent) {
      if (event.type === 'Poison' && failing()) throw new Error('poisoned');
      seen.push([String(event.data.n), runner]);
    },
  };
}

function start(reactor: Reactor): Subscribers {
  const runner = startReactors({
    store,
    db,
    reactors: [reactor],
    logger: silentLogger,
    standbyRetryMs: 50,
    heartbeatMs: 100,
    backoff: { initialMs: 20, maxMs: 50 },
  });
  runners.push(runner);
  return runner;
}

let last: Position | null = null;
async function append(...types: string[]): Promise<void> {
  const result = await store.append(
    `pings-${randomUUID()}`,
    types.map((type, n) => ({ id: randomUUID(), type, data: { n: `${type}${n}` }, metadata: {} })),
  );
  last = result.position;
}

const caughtUp = (name: string) =>
  vi.waitFor(
    async () => {
      const position = await readReactorCheckpoint(db, name);
      expect(last !== null && position !== null && position >= last).toBe(true);
    },
    { timeout: 20_000, interval: 25 },
  );

describe('startReactors', () => {
  it('delivers each event once to one active runner and resumes where it stopped', async () => {
    await append('Ping', 'Other', 'Ping');
    const seen: Array<[string, string]> = [];
    const a = start(recorder('resume', 'A', seen));
    await vi.waitFor(() => expect(a.status()[0]?.state).toBe('active'));
    const b = start(recorder('resume', 'B', seen));
    await vi.waitFor(() => expect(b.status()[0]?.state).toBe('standby'));
    await caughtUp('resume');
    expect(seen).toEqual([
      ['Ping0', 'A'],
      ['Ping2', 'A'],
    ]);
    await a.stop();
    await append('Ping');
    await caughtUp('resume');
    // The stand-by took over from the stored checkpoint: nothing repeated, nothing lost.
    expect(seen).toEqual([
      ['Ping0', 'A'],
      ['Ping2', 'A'],
      ['Ping0', 'B'],
    ]);
  });

  it('retries a failing event from the checkpoint, holding back the later ones', async () => {
    let failing = true;
    const seen: Array<[string, string]> = [];
    const runner = start(recorder('retry', 'R', seen, () => failing));
    await caughtUp('retry');
    seen.length = 0;
    await append('Poison', 'Ping');
    await vi.waitFor(() => expect(runner.status()[0]?.failures).toBeGreaterThanOrEqual(2));
    expect(seen).toEqual([]);
    expect(runner.status()[0]?.lastError).toBe('poisoned');
    failing = false;
    await caughtUp('retry');
    expect(seen).toEqual([
      ['Poison0', 'R'],
      ['Ping1', 'R'],
    ]);
    expect(runner.status()[0]).toMatchObject({ state: 'active', failures: 0 });
  });
});
