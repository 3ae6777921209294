import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEventStore } from '../event-store.contract';
import {
  chaosEvent,
  chaosRandom,
  chaosRuns,
  chaosSeed,
  chaosViolations,
  type ExtraWriterOutcome,
  runChaos,
  sleep,
} from '../testing/chaos.harness';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createPostgresEventStore } from './postgres-event-store.adapter';
import { migratePostgresEventStore } from './postgres-schema.migration';

let database: TestDatabase;
let pool: pg.Pool;
let schemaCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase('es_pg');
  pool = new pg.Pool({ connectionString: database.url, max: 24 });
  // DROP DATABASE ... WITH (FORCE) may reach clients that are still closing.
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

/** Each test gets its own schema: an empty store, without paying for a database per test. */
async function freshStore(pollIntervalMs = 100, storePool: pg.Pool = pool) {
  const schema = `es_${++schemaCounter}_${randomUUID().slice(0, 8)}`;
  await migratePostgresEventStore(pool, schema);
  const store = createPostgresEventStore({ pool: storePool }, { schema, pollIntervalMs });
  return {
    schema,
    store,
    teardown: async () => {
      await store.close();
      await pool.query(`DROP SCHEMA ${pg.escapeIdentifier(schema)} CASCADE`);
    },
  };
}

testEventStore('PostgreSQL', () => freshStore(), { freshStore: true });

describe('PostgreSQL event store', () => {
  it('migrates idempotently, also when started several times at once', async () => {
    const schema = `es_migrate_${randomUUID().slice(0, 8)}`;
    await Promise.all(
      Array.from({ length: 4 }, () => migratePostgresEventStore(database.url, schema)),
    );
    await migratePostgresEventStore(pool, schema);
    const tables = await pool.query<{ table_name: string }>(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1',
      [schema],
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(['events', 'streams']);
  });

  it('refuses a schema name that is not a plain identifier', () => {
    expect(() => createPostgresEventStore({ pool }, { schema: 'x; DROP TABLE y' })).toThrow(
      TypeError,
    );
  });

  it('holds readers back while an older transaction is open, then delivers its events first', async () => {
    const { store, schema, teardown } = await freshStore();
    const slow = await pool.connect();
    try {
      const received: string[] = [];
      const subscription = store.subscribe({ after: null }, async (events) => {
        received.push(...events.map((e) => e.type));
      });
      await slow.query('BEGIN');
      await appendInTransaction(slow, schema, 'slow', [{ ...chaosEvent('Slow') }]);
      await store.append('fast', [chaosEvent('Fast')]);
      await sleep(400);
      expect(received).toEqual([]);
      expect(await store.readAll({ after: null, limit: 10 })).toEqual([]);
      await slow.query('COMMIT');
      const deadline = Date.now() + 5_000;
      while (received.length < 2 && Date.now() < deadline) await sleep(10);
      expect(received).toEqual(['Slow', 'Fast']);
      await subscription.stop();
    } finally {
      slow.release();
      await teardown();
    }
  });

  it('names the newest committed event while readers are held back; the readable head lags it', async () => {
    const { store, teardown } = await freshStore();
    const older = await pool.connect();
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const appended = await store.append('fast', [chaosEvent('Fast')]);
      expect(await store.committedHeadPosition()).toBe(appended.position);
      // Behind the open transaction: not readable yet, so not the head to begin reading from.
      expect(await store.headPosition()).toBeNull();
      await older.query('ROLLBACK');
      expect(await store.headPosition()).toBe(appended.position);
    } finally {
      older.release();
      await teardown();
    }
  });

  it('is not held back by a transaction open in another database', async () => {
    const { store, teardown } = await freshStore();
    const elsewhere = await createTestDatabase('es_pg_other');
    const other = new pg.Client({ connectionString: elsewhere.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_current_xact_id()');
      const appended = await store.append('s', [chaosEvent('Here')]);
      expect(await store.headPosition()).toBe(appended.position);
      expect((await store.readAll({ after: null, limit: 10 })).map((e) => e.type)).toEqual([
        'Here',
      ]);
    } finally {
      await other.query('ROLLBACK');
      await other.end();
      await elsewhere.drop();
      await teardown();
    }
  });

  it('delivers an event held back by a transaction that then rolls back (no notification)', async () => {
    const { store, schema, teardown } = await freshStore(100);
    const slow = await pool.connect();
    try {
      const received: string[] = [];
      const subscription = store.subscribe({ after: null }, async (events) => {
        received.push(...events.map((e) => e.type));
      });
      await slow.query('BEGIN');
      await appendInTransaction(slow, schema, 'slow', [chaosEvent('RolledBack')]);
      await store.append('fast', [chaosEvent('Fast')]);
      await sleep(300);
      expect(received).toEqual([]);
      await slow.query('ROLLBACK');
      const deadline = Date.now() + 5_000;
      while (received.length < 1 && Date.now() < deadline) await sleep(10);
      await sleep(200);
      expect(received).toEqual(['Fast']);
      await subscription.stop();
    } finally {
      slow.release();
      await teardown();
    }
  });

  it('wakes on appends from another process, also after the LISTEN connection is killed', async () => {
    const { store, schema, teardown } = await freshStore(60_000);
    // A second store instance stands for another process: its appends reach this one's
    // subscription only through NOTIFY (the poll is a minute).
    const other = createPostgresEventStore({ pool }, { schema });
    try {
      const received: string[] = [];
      const subscription = store.subscribe({ after: null }, async (events) => {
        received.push(...events.map((e) => e.type));
      });
      await other.append('s', [chaosEvent('Before')]);
      const waitFor = async (count: number) => {
        const deadline = Date.now() + 10_000;
        while (received.length < count && Date.now() < deadline) await sleep(10);
        expect(received.length).toBe(count);
      };
      await waitFor(1);
      const killed = await pool.query<{ killed: boolean }>(
        `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
         WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      );
      expect(killed.rows.some((row) => row.killed)).toBe(true);
      // With a one-minute poll, only a re-established LISTEN can deliver these in time.
      await sleep(500);
      await other.append('s', [chaosEvent('After')]);
      await waitFor(2);
      expect(received).toEqual(['Before', 'After']);
      await subscription.stop();
    } finally {
      await other.close();
      await teardown();
    }
  });

  describe('chaos with slow and rolled-back transactions, killed connections', () => {
    // One seed per test run, printed: CHAOS_SEED=<seed> replays the same choices.
    const seed = chaosSeed();
    for (let run = 1; run <= chaosRuns(); run++) {
      it(`loses nothing and delivers nothing rolled back (run ${run})`, async () => {
        const runSeed = (seed + run - 1) >>> 0;
        console.log(`chaos run ${run}: seed ${runSeed} (CHAOS_SEED=${runSeed} replays it)`);
        const random = chaosRandom(runSeed);
        // The store gets its own connections, named, so the chaos kills exactly those: the
        // writers', the subscriber's and the LISTEN one, never the slow writers' (whose outcome
        // must stay known) nor any other database's.
        const application = `chaos-store-${randomUUID().slice(0, 8)}`;
        const storePool = new pg.Pool({
          connectionString: database.url,
          max: 16,
          application_name: application,
        });
        storePool.on('error', () => undefined);
        const { store, schema, teardown } = await freshStore(100, storePool);
        try {
          const streamNames = Array.from({ length: 12 }, (_, i) => `chaos-${run}-${i}`);
          const slowWriter = (index: number) => () =>
            slowTransactions(schema, [...streamNames], `slow-${run}-${index}`, random);
          const report = await runChaos({
            store,
            streamNames,
            writers: 12,
            appendsPerWriter: 20,
            extraWriters: Array.from({ length: 4 }, (_, i) => slowWriter(i)),
            extraStreamNames: Array.from({ length: 4 }, (_, i) => `slow-${run}-${i}`),
            random,
            killConnections: async () => {
              const { rows } = await pool.query<{ killed: boolean }>(
                `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
                 WHERE datname = current_database() AND application_name = $1
                   AND pid <> pg_backend_pid()`,
                [application],
              );
              return rows.filter((row) => row.killed).length;
            },
            disruptions: 3,
            restartSubscriber: true,
          });
          console.log(
            `chaos run ${run}: ${report.committed.size} committed, ${report.rolledBack.size} ` +
              `rolled back, ${report.connectionsKilled} connections killed, ` +
              `${report.retriesAfterKill} retries after a kill, ` +
              `${report.subscriberRestarts} subscriber restart(s)`,
          );
          expect(chaosViolations(report)).toEqual([]);
          expect(report.rolledBack.size).toBeGreaterThan(0);
          expect(report.delivered.length).toBe(report.committed.size);
          // The chaos really happened: connections died under the writers and the subscriber.
          expect(report.connectionsKilled).toBeGreaterThan(0);
          expect(report.subscriberRestarts).toBe(1);
        } finally {
          await teardown();
          await storePool.end();
        }
      });
    }
  });
});

async function appendInTransaction(
  client: pg.ClientBase,
  schema: string,
  streamName: string,
  events: Array<{ id: string; type: string; data: object; metadata: object }>,
) {
  await client.query(
    `SELECT * FROM ${pg.escapeIdentifier(schema)}.append_events($1, -2, $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[])`,
    [
      streamName,
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
    ],
  );
}

/**
 * Two rounds of BEGIN; append; sleep 1-3 s; COMMIT or ROLLBACK. The sleep sits after the
 * append, so these events take low global positions while faster writers commit higher ones.
 */
async function slowTransactions(
  schema: string,
  sharedStreams: string[],
  ownStream: string,
  random: () => number = Math.random,
): Promise<ExtraWriterOutcome> {
  const outcome: ExtraWriterOutcome = { committed: [], rolledBack: [] };
  const client = await pool.connect();
  try {
    for (let round = 0; round < 2; round++) {
      // Mostly its own stream so the shared ones are not locked for seconds at a time.
      const streamName =
        random() < 0.25
          ? (sharedStreams[Math.floor(random() * sharedStreams.length)] ?? ownStream)
          : ownStream;
      const events = [chaosEvent('Slow'), chaosEvent('Slow')];
      await client.query('BEGIN');
      await appendInTransaction(client, schema, streamName, events);
      await client.query('SELECT pg_sleep($1)', [1 + random() * 2]);
      const commit = round === 0 ? random() < 0.5 : outcome.rolledBack.length > 0;
      await client.query(commit ? 'COMMIT' : 'ROLLBACK');
      for (const event of events) {
        if (commit) outcome.committed.push({ id: event.id, streamName });
        else outcome.rolledBack.push(event.id);
      }
    }
  } finally {
    client.release();
  }
  return outcome;
}
