import type { EventStore, Position, RecordedEvent } from '@shortlist/eventstore';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../database';
import { type Logger, silentLogger } from '../logger';
import { handledEvents, type Projection, projectionVersion } from '../projection';

/** NOTIFY channel: payload `{"name": …, "position": … | null}` after each committed batch. */
export const CHECKPOINT_CHANNEL = 'projection_checkpoint';

/** The stored checkpoint is not where this runner left it: a rebuild reset it, or it was lost. */
export class CheckpointMovedError extends Error {
  constructor(
    readonly projection: string,
    readonly expected: Position | null,
    readonly actual: Position | null | undefined,
  ) {
    super(
      `Checkpoint of ${projection} moved: expected ${String(expected)}, found ${String(actual)}`,
    );
    this.name = 'CheckpointMovedError';
  }
}

export async function readCheckpoint(
  db: Kysely<Database>,
  name: string,
): Promise<{ position: Position | null; version: number } | undefined> {
  return db
    .selectFrom('projection_checkpoints')
    .select(['position', 'version'])
    .where('name', '=', name)
    .executeTakeFirst();
}

/**
 * Makes sure the projection has a checkpoint row and that its rows were built by the current
 * version of its code; an older version means the rows are stale, so they are rebuilt from zero.
 * Returns the position to resume after.
 */
export async function prepareCheckpoint(
  db: Kysely<Database>,
  projection: Projection,
  logger: Logger,
): Promise<Position | null> {
  const version = projectionVersion(projection);
  await db
    .insertInto('projection_checkpoints')
    .values({ name: projection.name, position: null, version })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await readCheckpoint(db, projection.name);
  if (stored === undefined) throw new CheckpointMovedError(projection.name, null, undefined);
  if (stored.version === version) return stored.position;
  logger.warn(
    { projection: projection.name, from: stored.version, to: version },
    'projection version changed: rebuilding from the first event',
  );
  await db.transaction().execute((trx) => resetProjection(trx, projection));
  return null;
}

/** Truncates the projection's tables and moves its checkpoint back to the start. */
export async function resetProjection(
  trx: Transaction<Database>,
  projection: Projection,
): Promise<void> {
  // Locking the row first orders this after any batch in flight (the runner locks it too).
  await trx
    .insertInto('projection_checkpoints')
    .values({ name: projection.name, position: null, version: projectionVersion(projection) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await trx
    .selectFrom('projection_checkpoints')
    .select('name')
    .where('name', '=', projection.name)
    .forUpdate()
    .execute();
  if (projection.tables.length > 0) {
    await sql`truncate table ${sql.join(projection.tables.map((table) => sql.table(table)))}`.execute(
      trx,
    );
  }
  await trx
    .updateTable('projection_checkpoints')
    .set({ position: null, version: projectionVersion(projection), updated_at: sql<string>`now()` })
    .where('name', '=', projection.name)
    .execute();
  await notifyCheckpoint(trx, projection.name, null);
}

/**
 * Applies one batch and advances the checkpoint in ONE transaction: either both happen or
 * neither, which is what makes a restart at any point exactly-once in effect. `expected` is
 * where this runner believes the checkpoint is; if the stored one differs (a rebuild reset it),
 * nothing is written and CheckpointMovedError tells the runner to start again from the store.
 * Returns the new checkpoint.
 */
export async function applyBatch(
  db: Kysely<Database>,
  projection: Projection,
  expected: Position | null,
  batch: RecordedEvent[],
): Promise<Position | null> {
  // The store delivers strictly after the checkpoint; dropping anything older keeps a
  // misbehaving adapter from moving the checkpoint backwards.
  const events = batch.filter((event) => expected === null || event.position > expected);
  const last = events.at(-1);
  if (last === undefined) return expected;
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('projection_checkpoints')
      .select('position')
      .where('name', '=', projection.name)
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined || row.position !== expected) {
      throw new CheckpointMovedError(projection.name, expected, row?.position);
    }
    const handled = handledEvents(projection, events);
    if (handled.length > 0) await projection.apply(trx, handled);
    const updated = await trx
      .updateTable('projection_checkpoints')
      .set({ position: last.position, updated_at: sql<string>`now()` })
      .where('name', '=', projection.name)
      .where((eb) => eb.or([eb('position', 'is', null), eb('position', '<', last.position)]))
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) {
      throw new CheckpointMovedError(projection.name, expected, row.position);
    }
    await notifyCheckpoint(trx, projection.name, last.position);
  });
  return last.position;
}

async function notifyCheckpoint(
  trx: Transaction<Database>,
  name: string,
  position: Position | null,
): Promise<void> {
  // Delivered on commit only, so a waiter never sees a checkpoint that was rolled back.
  await sql`select pg_notify(${CHECKPOINT_CHANNEL}, ${JSON.stringify({ name, position })})`.execute(
    trx,
  );
}

/**
 * Applies every event after the stored checkpoint (up to `until`, inclusive, when given) by
 * reading the store directly. Used where no live subscription is wanted: an inline rebuild and
 * verify's scratch replay. The caller must hold the projection's lock or own the schema.
 */
export async function catchUp(
  db: Kysely<Database>,
  store: EventStore,
  projection: Projection,
  options: { until?: Position | null; batchSize?: number; logger?: Logger } = {},
): Promise<Position | null> {
  const batchSize = options.batchSize ?? 500;
  const { until } = options;
  let position = await prepareCheckpoint(db, projection, options.logger ?? silentLogger);
  if (until === null) return position;
  for (;;) {
    if (until !== undefined && position !== null && position >= until) return position;
    const read = await store.readAll({ after: position, limit: batchSize });
    const batch = until === undefined ? read : read.filter((event) => event.position <= until);
    if (batch.length === 0) return position;
    position = await applyBatch(db, projection, position, batch);
    if (batch.length < read.length) return position;
  }
}
