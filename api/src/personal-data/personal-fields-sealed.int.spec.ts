import { randomUUID } from 'node:crypto';
import { EVENT_CATALOGUES, personalFieldsOf } from '@shortlist/domain';
import {
  createPostgresEventStore,
  type EventStore,
  type JsonObject,
  migratePostgresEventStore,
} from '@shortlist/eventstore';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { createKysely } from '@shortlist/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateApiTables } from '../migrations/migrate-api';
import { encryptingEventStore } from './encrypting-event-store';
import { isSealedField } from './field-cipher';
import { createPostgresKeyVault } from './key-vault';

/*
 * What reaches the disk for every event type the catalogues declare: each top-level field is
 * written with a recognisable value through the app's encrypting store, and the raw row is read
 * back with plain SQL. A field branded personal in its catalogue must be sealed there, every
 * other field must be stored as written. So a personal field can neither be left in clear nor a
 * plain one be sealed (and lost to an erasure) without this test failing.
 */

let database: TestDatabase;
let pool: pg.Pool;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('sealed_fields');
  pool = new pg.Pool({ connectionString: database.url });
  await migratePostgresEventStore(pool);
  await migrateApiTables(createKysely({ pool }));
  store = encryptingEventStore(createPostgresEventStore({ pool }), createPostgresKeyVault(pool));
});

afterAll(async () => {
  await store?.close();
  await pool?.end();
  await database?.drop();
});

const eventTypes = EVENT_CATALOGUES.flatMap((catalogue) =>
  Object.entries(catalogue.schemas).map(([type, schema]) => ({
    type,
    fields: Object.keys((schema as { shape?: Record<string, unknown> }).shape ?? {}),
  })),
);

describe('personal fields on disk', () => {
  it('covers every event type of every catalogue', () => {
    expect(eventTypes.length).toBeGreaterThan(40);
    expect(eventTypes.every((event) => event.fields.length > 0)).toBe(true);
  });

  it.each(eventTypes)(
    '$type: branded fields sealed, every other field as written',
    async ({ type, fields }) => {
      const data: JsonObject = Object.fromEntries(
        fields.map((field) => [field, `${type}.${field}`]),
      );
      const id = randomUUID();
      await store.append(`sealed-${randomUUID()}`, [{ id, type, data, metadata: {} }]);

      const row = await pool.query<{ data: JsonObject }>(
        'SELECT data FROM eventstore.events WHERE event_id = $1',
        [id],
      );
      const stored = row.rows[0]?.data ?? {};
      const personal = new Set(personalFieldsOf(type));
      for (const field of fields) {
        if (personal.has(field)) {
          expect(isSealedField(stored[field]), `${type}.${field} sealed`).toBe(true);
          expect(JSON.stringify(stored[field])).not.toContain(`${type}.${field}`);
        } else {
          expect(stored[field], `${type}.${field} in clear`).toBe(`${type}.${field}`);
        }
      }
      // And the app reads back what it wrote.
      const read = await store.readStream(
        (
          await pool.query<{ stream_name: string }>(
            'SELECT stream_name FROM eventstore.events WHERE event_id = $1',
            [id],
          )
        ).rows[0]?.stream_name ?? '',
      );
      expect(read.events[0]?.data).toEqual(data);
    },
  );
});
