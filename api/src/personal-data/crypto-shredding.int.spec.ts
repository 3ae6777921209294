import { randomUUID } from 'node:crypto';
import {
  createPostgresEventStore,
  type EventStore,
  migratePostgresEventStore,
  type NewEvent,
} from '@shortlist/eventstore';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { createKysely } from '@shortlist/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateApiTables } from '../migrations/migrate-api';
import { encryptingEventStore } from './encrypting-event-store';
import { createPostgresKeyVault, type KeyVault, PERSONAL_DATA_KEY_ROWS } from './key-vault';

let database: TestDatabase;
let pool: pg.Pool;
let inner: EventStore;
let vault: KeyVault;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('shred');
  pool = new pg.Pool({ connectionString: database.url });
  await migratePostgresEventStore(pool);
  const db = createKysely({ pool });
  await migrateApiTables(db);
  inner = createPostgresEventStore({ pool });
  vault = createPostgresKeyVault(pool);
  store = encryptingEventStore(inner, vault);
});

afterAll(async () => {
  await store.close();
  await pool.end();
  await database.drop();
});

const registered = (userId: string): NewEvent => ({
  id: randomUUID(),
  type: 'UserRegistered',
  data: {
    userId,
    email: 'asha@example.com',
    name: 'Asha Verma',
    passwordHash: '$argon2id$secret',
    role: 'user',
    referral: null,
  },
  metadata: { actor: `user:${userId}` },
});

/** A pool that records the statements on the key vault's table. */
function keyCountingPool() {
  const counted = {
    pool: new pg.Pool({ connectionString: database.url, max: 2 }),
    queries: [] as string[],
  };
  const query = counted.pool.query.bind(counted.pool) as (...args: unknown[]) => unknown;
  counted.pool.query = ((text: unknown, ...rest: unknown[]) => {
    if (typeof text === 'string' && text.includes('personal_data_keys')) counted.queries.push(text);
    return query(text, ...rest);
  }) as typeof counted.pool.query;
  return counted;
}

describe('crypto-shredding', () => {
  it('stores personal fields only as ciphertext and reads them back in clear', async () => {
    await store.append('user-a', [registered('a')], { expectedVersion: -1 });

    const { rows } = await pool.query<{ data: string }>(
      "SELECT data::text AS data FROM eventstore.events WHERE stream_name = 'user-a'",
    );
    expect(rows[0]?.data).not.toContain('asha@example.com');
    expect(rows[0]?.data).not.toContain('Asha Verma');
    expect(rows[0]?.data).toContain('"role": "user"');

    const { events } = await store.readStream('user-a');
    expect(events[0]?.data).toMatchObject({ email: 'asha@example.com', name: 'Asha Verma' });
  });

  it('after erasure the events still replay, with the personal fields null', async () => {
    await store.append('user-b', [registered('b')], { expectedVersion: -1 });
    await vault.erase('user-b', '2026-12-01T00:00:00.000Z');

    const { events } = await store.readStream('user-b');
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toEqual({
      userId: 'b',
      email: null,
      name: null,
      passwordHash: null,
      role: 'user',
      referral: null,
    });
    // Other streams keep their data; the global replay works across the erased one.
    const all = await store.readAll({ after: null, limit: 100 });
    const byStream = new Map(all.map((event) => [event.streamName, event.data]));
    expect(byStream.get('user-a')).toMatchObject({ email: 'asha@example.com' });
    expect(byStream.get('user-b')).toMatchObject({ email: null });
  });

  it('keeps no personal data written to a stream after its erasure', async () => {
    await store.append('user-c', [registered('c')], { expectedVersion: -1 });
    await vault.erase('user-c', '2026-12-01T00:00:00.000Z');
    await store.append('user-c', [
      {
        id: randomUUID(),
        type: 'PasswordChanged',
        data: { userId: 'c', passwordHash: '$argon2id$new', reason: 'reset' },
        metadata: {},
      },
    ]);
    const { rows } = await pool.query<{ data: string }>(
      "SELECT data::text AS data FROM eventstore.events WHERE stream_name = 'user-c' AND type = 'PasswordChanged'",
    );
    expect(rows[0]?.data).not.toContain('argon2id');
    expect((await store.readStream('user-c')).events[1]?.data).toMatchObject({
      passwordHash: null,
    });
  });

  it('delivers opened events to subscribers', async () => {
    const seen: unknown[] = [];
    const subscription = store.subscribe({ after: null }, async (events) => {
      for (const event of events) if (event.streamName === 'user-a') seen.push(event.data);
    });
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(1);
    await subscription.stop();
    expect(seen[0]).toMatchObject({ email: 'asha@example.com' });
  });

  it('opens each new event once for all the live subscribers of a process', async () => {
    const lookups: string[][] = [];
    const counting: KeyVault = {
      ...vault,
      keysFor: (subjects, options) => {
        if (!options.create) lookups.push([...subjects]);
        return vault.keysFor(subjects, options);
      },
    };
    const shared = encryptingEventStore(inner, counting);
    const head = await inner.headPosition();
    const seen = Array.from({ length: 9 }, () => [] as unknown[]);
    const subscriptions = seen.map((data) =>
      shared.subscribe({ after: head }, async (events) => {
        for (const event of events) data.push(event.data);
      }),
    );
    try {
      await shared.append('user-f', [registered('f')], { expectedVersion: -1 });
      await expect
        .poll(() => seen.every((data) => data.length === 1), { timeout: 5000 })
        .toBe(true);
      for (const data of seen) expect(data[0]).toMatchObject({ email: 'asha@example.com' });
      expect(lookups).toEqual([['user-f']]);
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    }
  });

  it("seals a stream's later events with the key it made, without asking the vault again", async () => {
    const keys = keyCountingPool();
    const writer = encryptingEventStore(inner, createPostgresKeyVault(keys.pool));
    try {
      await writer.append('user-g', [registered('g')], { expectedVersion: -1 });
      expect(keys.queries).toHaveLength(1);
      await writer.append('user-g', [
        {
          id: randomUUID(),
          type: 'PasswordChanged',
          data: { userId: 'g', passwordHash: '$argon2id$new', reason: 'reset' },
          metadata: {},
        },
      ]);
      expect(keys.queries).toHaveLength(1);
      const { events } = await store.readStream('user-g');
      expect(events[1]?.data).toMatchObject({ passwordHash: '$argon2id$new' });
    } finally {
      await keys.pool.end();
    }
  });

  it('makes the keys of streams written at the same moment in one statement, each its own', async () => {
    const keys = keyCountingPool();
    const writer = encryptingEventStore(inner, createPostgresKeyVault(keys.pool));
    const ids = Array.from({ length: 8 }, (_, i) => `h${i}`);
    try {
      await Promise.all(
        ids.map((id) => writer.append(`user-${id}`, [registered(id)], { expectedVersion: -1 })),
      );
      expect(keys.queries).toHaveLength(1);
      const stored = await pool.query<{ n: string }>(
        'SELECT count(DISTINCT key)::text AS n FROM personal_data_keys WHERE subject = ANY($1)',
        [ids.map((id) => `user-${id}`)],
      );
      expect(stored.rows[0]?.n).toBe('8');
      for (const id of ids) {
        const { events } = await store.readStream(`user-${id}`);
        expect(events[0]?.data).toMatchObject({ userId: id, email: 'asha@example.com' });
      }
    } finally {
      await keys.pool.end();
    }
  });

  it('refuses a ciphertext moved to another stream', async () => {
    await store.append('user-d', [registered('d')], { expectedVersion: -1 });
    const sealed = await inner.readStream('user-d');
    const moved = sealed.events[0];
    if (!moved) throw new Error('expected an event');
    await inner.append('user-e', [{ ...moved, id: randomUUID() }], { expectedVersion: -1 });
    await vault.keysFor(['user-e'], { create: true });
    await expect(store.readStream('user-e')).rejects.toThrow();
  });
});

describe("a new stream's key stored by its first append (PostgreSQL store)", () => {
  const sideRowStore = () =>
    createPostgresEventStore({ pool }, { sideRows: PERSONAL_DATA_KEY_ROWS });

  it('writes key and events in one statement, with no vault round trip, and seals later events with it', async () => {
    const keys = keyCountingPool();
    const writer = encryptingEventStore(sideRowStore(), createPostgresKeyVault(keys.pool));
    try {
      await Promise.all(
        ['k1', 'k2', 'k3'].map((id) =>
          writer.append(`user-${id}`, [registered(id)], { expectedVersion: -1 }),
        ),
      );
      await writer.append('user-k1', [
        {
          id: randomUUID(),
          type: 'PasswordChanged',
          data: { userId: 'k1', passwordHash: '$argon2id$new', reason: 'reset' },
          metadata: {},
        },
      ]);
      expect(keys.queries).toEqual([]);
      const stored = await pool.query<{ n: string }>(
        'SELECT count(DISTINCT key)::text AS n FROM personal_data_keys WHERE subject = ANY($1)',
        [['user-k1', 'user-k2', 'user-k3']],
      );
      expect(stored.rows[0]?.n).toBe('3');
      const { events } = await store.readStream('user-k1');
      expect(events[0]?.data).toMatchObject({ email: 'asha@example.com' });
      expect(events[1]?.data).toMatchObject({ passwordHash: '$argon2id$new' });
    } finally {
      await keys.pool.end();
    }
  });

  it('stores no key when the append is refused, and never reuses an erased name', async () => {
    const writer = encryptingEventStore(sideRowStore(), vault);
    await store.append('user-m', [registered('m')], { expectedVersion: -1 });
    const before = await pool.query<{ key: Buffer }>(
      "SELECT key FROM personal_data_keys WHERE subject = 'user-m'",
    );
    await expect(
      writer.append('user-m', [registered('m')], { expectedVersion: -1 }),
    ).rejects.toMatchObject({ name: 'WrongExpectedVersionError' });
    const after = await pool.query<{ key: Buffer }>(
      "SELECT key FROM personal_data_keys WHERE subject = 'user-m'",
    );
    expect(after.rows).toEqual(before.rows);

    // A name erased before its stream was ever written: no fresh, readable key for it.
    await vault.erase('user-n', '2026-12-01T00:00:00.000Z');
    await writer.append('user-n', [registered('n')], { expectedVersion: -1 });
    const { rows } = await pool.query<{ data: string }>(
      "SELECT data::text AS data FROM eventstore.events WHERE stream_name = 'user-n'",
    );
    expect(rows[0]?.data).not.toContain('asha@example.com');
    expect((await store.readStream('user-n')).events[0]?.data).toMatchObject({ email: null });
  });
});
