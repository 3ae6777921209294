import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store.port';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createPostgresEventStore } from './postgres-event-store.adapter';
import { migratePostgresEventStore } from './postgres-schema.migration';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('es_tail');
});
afterAll(async () => {
  await database.drop();
});

/** A pool that counts the reads of the event log that reach PostgreSQL. */
function countingPool() {
  const pool = new pg.Pool({ connectionString: database.url, max: 12 });
  pool.on('error', () => undefined);
  const counted = { pool, logReads: 0 };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    const name = (config as { name?: string } | null)?.name ?? '';
    if (name.startsWith('es_read_all_')) counted.logReads += 1;
    return query(config, ...rest);
  }) as typeof pool.query;
  return counted;
}

describe('live subscriptions of one PostgreSQL store', () => {
  it('read each new event once between nine of them, and each gets every event in order', async () => {
    const schema = `es_tail_${randomUUID().slice(0, 8)}`;
    await migratePostgresEventStore(database.url, schema);
    const counted = countingPool();
    const store = createPostgresEventStore(
      { pool: counted.pool },
      { schema, pollIntervalMs: 60_000 },
    );
    const received = Array.from({ length: 9 }, () => [] as RecordedEvent[]);
    const everyone = (count: number) =>
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (received.every((events) => events.length >= count)) {
            clearInterval(check);
            resolve();
          }
        }, 5);
      });
    const subscriptions = received.map((events) =>
      store.subscribe({ after: null, batchSize: 100 }, async (batch) => {
        events.push(...batch);
      }),
    );
    try {
      await store.append('s-0', [{ id: randomUUID(), type: 'Happened', data: {}, metadata: {} }]);
      await everyone(1);
      const before = counted.logReads;

      for (let i = 1; i <= 5; i++) {
        await store.append(`s-${i}`, [
          { id: randomUUID(), type: 'Happened', data: { i }, metadata: {} },
        ]);
        await everyone(i + 1);
      }

      // One read per append for all nine (the poll is a minute away), not nine.
      expect(counted.logReads - before).toBeLessThanOrEqual(5);
      const streams = received.map((events) => events.map((event) => event.streamName));
      for (const order of streams)
        expect(order).toEqual(['s-0', 's-1', 's-2', 's-3', 's-4', 's-5']);
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      await store.close();
      await counted.pool.end();
    }
  });
});
