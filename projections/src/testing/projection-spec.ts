import type { JsonObject, RecordedEvent } from '@shortlist/eventstore';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../database';
import type { Projection } from '../projection';
import { applyToProjection } from '../projector/checkpoints';

/** Every row of each table, as JSON, sorted so two snapshots compare regardless of row order. */
export type TableSnapshot = Record<string, JsonObject[]>;

export async function snapshotTables(
  db: Kysely<Database>,
  tables: readonly string[],
): Promise<TableSnapshot> {
  const snapshot: TableSnapshot = {};
  for (const table of tables) {
    const result = await sql<{ row: JsonObject }>`
      select to_jsonb(t) as row from ${sql.table(table)} t order by to_jsonb(t)::text
    `.execute(db);
    snapshot[table] = result.rows.map((r) => r.row);
  }
  return snapshot;
}

async function applyInOneTransaction(
  db: Kysely<Database>,
  projection: Projection,
  events: RecordedEvent[],
): Promise<void> {
  // The projector's own entry (sink, decode), so a spec sees what the live projection sees.
  await db.transaction().execute((trx) => applyToProjection(trx, projection, events));
}

async function truncate(db: Kysely<Database>, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await sql`truncate table ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
}

/**
 * The projection spec (STYLE.md): applies `events` through `projection` against a real,
 * migrated database, snapshots its tables, then proves a replay changes nothing: the same
 * events applied again on top (a re-delivered batch), and applied from empty one event per
 * transaction (other batch boundaries), must leave identical rows. Starts by emptying the
 * projection's tables. Returns the snapshot so the caller can assert the rows themselves.
 */
export async function expectIdempotentProjection(options: {
  db: Kysely<Database>;
  projection: Projection;
  events: RecordedEvent[];
}): Promise<TableSnapshot> {
  const { db, projection, events } = options;
  await truncate(db, projection.tables);

  await applyInOneTransaction(db, projection, events);
  const first = await snapshotTables(db, projection.tables);

  await applyInOneTransaction(db, projection, events);
  expect(await snapshotTables(db, projection.tables), 'rows after applying twice').toStrictEqual(
    first,
  );

  await truncate(db, projection.tables);
  for (const event of events) await applyInOneTransaction(db, projection, [event]);
  expect(
    await snapshotTables(db, projection.tables),
    'rows after applying one event per transaction',
  ).toStrictEqual(first);

  return first;
}
