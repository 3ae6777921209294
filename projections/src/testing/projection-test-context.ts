import { randomUUID } from 'node:crypto';
import {
  type AppendResult,
  createPostgresEventStore,
  type EventStore,
  type JsonObject,
  migratePostgresEventStore,
  type NewEvent,
} from '@shortlist/eventstore';
import { createTestDatabase } from '@shortlist/eventstore/testing';
import type { Kysely } from 'kysely';
import { createKysely, type Database } from '../database';
import { migrateToLatest } from '../migrations/migrate';

export interface ProjectionTestContext {
  url: string;
  /** The PostgreSQL event store, in the same database as the read models. */
  store: EventStore;
  /** Migrated read models; sized for a projector plus test queries. */
  db: Kysely<Database>;
  /** Appends events built from (type, data) pairs, with audit metadata filled in. */
  append(
    streamName: string,
    ...events: Array<[type: string, data?: JsonObject]>
  ): Promise<AppendResult>;
  /** A further Kysely on the same database, e.g. for a second projector "process". */
  newDb(): Kysely<Database>;
  /** Closes everything opened here and drops the database. */
  drop(): Promise<void>;
}

export function newEvent(type: string, data: JsonObject = {}, metadata?: JsonObject): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: metadata ?? {
      actor: 'user:test',
      correlationId: randomUUID(),
      causationId: null,
      at: '2025-01-01T00:00:00.000Z',
    },
  };
}

/** A fresh database holding both the event store and the migrated read models. */
export async function createProjectionTestContext(prefix = 'proj'): Promise<ProjectionTestContext> {
  const database = await createTestDatabase(prefix);
  const opened: Array<Kysely<Database>> = [];
  const newDb = () => {
    const db = createKysely({ connectionString: database.url, poolMax: 6 });
    opened.push(db);
    return db;
  };
  await migratePostgresEventStore(database.url);
  const store = createPostgresEventStore({ connectionString: database.url });
  const db = newDb();
  await migrateToLatest(db);
  return {
    url: database.url,
    store,
    db,
    newDb,
    append: (streamName, ...events) =>
      store.append(
        streamName,
        events.map(([type, data]) => newEvent(type, data)),
      ),
    async drop() {
      await store.close();
      await Promise.all(opened.map((kysely) => kysely.destroy()));
      await database.drop();
    },
  };
}
