import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NewEvent, NO_STREAM } from '../event-store.port';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { canAppendSideRows, createPostgresEventStore } from './postgres-event-store.adapter';
import { decodePostgresPosition } from './postgres-position.codec';
import { migratePostgresEventStore } from './postgres-schema.migration';

/*
 * A side row goes into its table in the append's own statement: both are stored or neither,
 * alone or in a batch of appends (one append in flight, so the others queue and go together).
 */
let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase('es_side');
  await migratePostgresEventStore(database.url);
  pool = new pg.Pool({ connectionString: database.url, max: 4 });
  await pool.query('CREATE TABLE side_keys (subject text PRIMARY KEY, key bytea)');
});
afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const event = (): NewEvent => ({
  id: randomUUID(),
  type: 'Happened',
  data: { n: 1 },
  metadata: { actor: 'test' },
});

const sideRows = { table: 'side_keys', keyColumn: 'subject', valueColumn: 'key' };

async function keyOf(subject: string): Promise<Buffer | undefined> {
  const { rows } = await pool.query<{ key: Buffer }>(
    'SELECT key FROM side_keys WHERE subject = $1',
    [subject],
  );
  return rows[0]?.key;
}

describe('appendWithSideRow', () => {
  it('is offered only by a store given a side-row table', async () => {
    const plain = createPostgresEventStore({ pool });
    const withRows = createPostgresEventStore({ pool }, { sideRows });
    expect(canAppendSideRows(plain)).toBe(false);
    expect(canAppendSideRows(withRows)).toBe(true);
    await plain.close();
    await withRows.close();
  });

  it('stores row and events together, in batches too; a taken key or a refused append stores neither', async () => {
    const store = createPostgresEventStore({ pool }, { sideRows, appendsInFlight: 1 });
    if (!canAppendSideRows(store)) throw new Error('expected side rows');
    try {
      const taken = `s-${randomUUID()}`;
      await pool.query('INSERT INTO side_keys (subject, key) VALUES ($1, $2)', [
        taken,
        randomBytes(32),
      ]);
      const existing = `s-${randomUUID()}`;
      await store.append(existing, [event()]);

      const append = (name: string, key: Buffer) =>
        store.appendWithSideRow(
          name,
          [event()],
          { expectedVersion: NO_STREAM },
          { key: name, value: key },
        );

      const fresh = Array.from({ length: 10 }, () => `s-${randomUUID()}`);
      const keys = new Map(fresh.map((name) => [name, randomBytes(32)]));
      const stored = await Promise.all(
        fresh.map((name) => append(name, keys.get(name) ?? Buffer.alloc(0))),
      );
      // Most of them shared a transaction: the batch path carried their rows.
      const transactions = new Set(
        stored.map((result) => decodePostgresPosition(result.position).transactionId),
      );
      expect(transactions.size).toBeLessThan(fresh.length);
      for (const name of fresh) {
        expect(await keyOf(name)).toEqual(keys.get(name));
        expect((await store.readStream(name)).events).toHaveLength(1);
      }

      // Refusals among others: each refused alone, nothing of it stored; the others stored.
      const others = [`s-${randomUUID()}`, `s-${randomUUID()}`];
      const outcomes = await Promise.allSettled(
        [others[0], taken, existing, others[1]].map((name) => append(name ?? '', randomBytes(32))),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'rejected',
        'rejected',
        'fulfilled',
      ]);
      expect(outcomes[1]).toMatchObject({ reason: { code: '23505' } });
      expect((await store.readStream(taken)).events).toHaveLength(0);
      expect(outcomes[2]).toMatchObject({ reason: { name: 'WrongExpectedVersionError' } });
      expect(await keyOf(existing)).toBeUndefined();
      for (const name of others) expect(await keyOf(name ?? '')).toBeDefined();

      // A batch whose only refusal is a version conflict commits the others, and only their rows.
      const again = `s-${randomUUID()}`;
      const mixed = await Promise.allSettled([
        append(`s-${randomUUID()}`, randomBytes(32)),
        append(existing, randomBytes(32)),
        append(again, randomBytes(32)),
        append(existing, randomBytes(32)),
      ]);
      expect(mixed.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
      ]);
      expect(await keyOf(existing)).toBeUndefined();
      expect(await keyOf(again)).toBeDefined();
    } finally {
      await store.close();
    }
  });
});
