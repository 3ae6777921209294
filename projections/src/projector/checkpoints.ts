import type { EventStore, Position, RecordedEvent } from '@shortlist/eventstore';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../database';
import { errorMessage, type Logger, silentLogger } from '../logger';
import { handledEvents, type Projection, projectionVersion } from '../projection';
import { sinkEvent, sinkText } from '../sink';
import { isTransientError } from './transient-error';

/** NOTIFY channel: payload `{"name": …, "position": … | null}` after each committed batch. */
export const CHECKPOINT_CHANNEL = 'projection_checkpoint';

/** The stored checkpoint is not where this projector left it: reset by a rebuild, or lost. */
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
  // Locking the row first orders this after any batch in flight (the projector locks it too).
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
  // The replay that follows applies every event in order again, the quarantined ones included:
  // those that still fail are quarantined again (the row reopens), the others are resolved.
  await trx
    .updateTable('projection_quarantine')
    .set({ resolved_at: sql<string>`now()` })
    .where('projection', '=', projection.name)
    .where('resolved_at', 'is', null)
    .execute();
  await notifyCheckpoint(trx, projection.name, null);
}

/**
 * Hands events to the projection through the sink (sink.ts): the one place `apply` is called,
 * so no projector ever writes a string PostgreSQL refuses.
 */
export async function applyToProjection(
  trx: Transaction<Database>,
  projection: Projection,
  events: RecordedEvent[],
): Promise<void> {
  const handled = handledEvents(projection, events);
  if (handled.length > 0) await projection.apply(trx, handled.map(sinkEvent));
}

/**
 * Applies one batch and advances the checkpoint in ONE transaction: either both happen or
 * neither, which is what makes a restart at any point exactly-once in effect. `expected` is
 * where this projector believes the checkpoint is; if the stored one differs (a rebuild reset it),
 * nothing is written and CheckpointMovedError tells the projector to start again from the store.
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
  if (handledEvents(projection, events).length === 0) {
    // A batch the projection has nothing to do with (most projections, for most events) moves
    // the checkpoint in one statement, not a transaction. It writes no read-model row, so it
    // cannot interleave with a rebuild's truncate the way a batch's writes could.
    await compareAndMove(db, projection, expected, last.position);
  } else {
    await moveCheckpoint(db, projection, expected, last.position, (trx) =>
      applyToProjection(trx, projection, events),
    );
  }
  return last.position;
}

/**
 * Moves the checkpoint from `expected` to `to` and announces it, in one statement; when it is
 * not at `expected`, nothing is written and CheckpointMovedError says where it is. Inside a transaction the update also takes the
 * row's lock, and the notification is delivered on commit only, so a waiter never sees a
 * checkpoint that was rolled back.
 */
async function compareAndMove(
  db: Kysely<Database> | Transaction<Database>,
  projection: Projection,
  expected: Position | null,
  to: Position,
): Promise<void> {
  const payload = JSON.stringify({ name: projection.name, position: to });
  const moved = await sql<{ notified: unknown }>`
    with moved as (
      update projection_checkpoints set position = ${to}, updated_at = now()
      where name = ${projection.name} and position is not distinct from ${expected}
      returning name
    )
    select pg_notify(${CHECKPOINT_CHANNEL}, ${payload}) as notified from moved`.execute(db);
  if (moved.rows.length !== 1) {
    const stored = await readCheckpoint(db, projection.name);
    throw new CheckpointMovedError(projection.name, expected, stored?.position);
  }
}

/**
 * The one way a projector moves a checkpoint with work: in ONE transaction, move it from where this
 * projector left it (`expected`; a rebuild may have reset it) to `to`, locking its row and
 * announcing it on commit, then do `work`. Either all of it happens or none.
 */
async function moveCheckpoint(
  db: Kysely<Database>,
  projection: Projection,
  expected: Position | null,
  to: Position,
  work: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // First, so the row is locked before any read-model write (a rebuild locks it first too)
    // and a moved checkpoint stops the batch before it writes anything.
    await compareAndMove(trx, projection, expected, to);
    await work(trx);
  });
}

/**
 * Sets one event aside: records it in projection_quarantine with its error and moves the
 * checkpoint past it, in one transaction (moveCheckpoint), so later events flow on.
 * Returns the new checkpoint.
 */
async function quarantineEvent(
  db: Kysely<Database>,
  projection: Projection,
  expected: Position | null,
  event: RecordedEvent,
  failure: { error: string; attempts: number },
): Promise<Position> {
  await moveCheckpoint(db, projection, expected, event.position, async (trx) => {
    const values = {
      projection: projection.name,
      position: event.position,
      event_id: event.id,
      stream_name: sinkText(event.streamName),
      stream_version: event.streamVersion,
      type: sinkText(event.type),
      error: sinkText(failure.error),
      attempts: failure.attempts,
    };
    await trx
      .insertInto('projection_quarantine')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['projection', 'event_id']).doUpdateSet((eb) => ({
          position: values.position,
          error: values.error,
          attempts: eb('projection_quarantine.attempts', '+', values.attempts),
          last_failed_at: sql<string>`now()`,
          resolved_at: null,
        })),
      )
      .execute();
  });
  return event.position;
}

/**
 * After a batch kept failing: applies its events one per transaction, so the good ones commit
 * and only an event that fails on its own (twice in a row) is quarantined. A transient failure
 * or a moved checkpoint is rethrown, leaving the rest for the next attempt.
 * `priorAttempts` counts the failed tries of the whole batch, reported with the event.
 */
export async function applyIsolated(
  db: Kysely<Database>,
  projection: Projection,
  expected: Position | null,
  batch: RecordedEvent[],
  options: { priorAttempts: number; logger: Logger },
): Promise<Position | null> {
  let checkpoint = expected;
  for (const event of batch) {
    if (checkpoint !== null && event.position <= checkpoint) continue;
    let failure: { error: string; attempts: number } | null = null;
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        checkpoint = await applyBatch(db, projection, checkpoint, [event]);
        failure = null;
        break;
      } catch (error) {
        if (error instanceof CheckpointMovedError || isTransientError(error)) throw error;
        failure = { error: errorMessage(error), attempts: options.priorAttempts + attempt };
      }
    }
    if (failure !== null) {
      checkpoint = await quarantineEvent(db, projection, checkpoint, event, failure);
      options.logger.error(
        {
          projection: projection.name,
          position: event.position,
          eventId: event.id,
          type: event.type,
          error: failure.error,
        },
        'event quarantined: the projection could not apply it; later events go on',
      );
    }
  }
  return checkpoint;
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
    try {
      position = await applyBatch(db, projection, position, batch);
    } catch (error) {
      if (error instanceof CheckpointMovedError || isTransientError(error)) throw error;
      // A replay takes no time to retry: isolate the failing event at once, as the projector does
      // after its retries, so a rebuild (or verify's replay) sets aside what the live one did.
      position = await applyIsolated(db, projection, position, batch, {
        priorAttempts: 1,
        logger: options.logger ?? silentLogger,
      });
    }
    if (batch.length < read.length) return position;
  }
}
