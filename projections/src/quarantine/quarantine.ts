import type { EventStore, RecordedEvent } from '@shortlist/eventstore';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import { errorMessage } from '../logger';
import { findProjection, type Projection } from '../projection';
import { applyToProjection } from '../projector/checkpoints';
import { sinkText } from '../sink';
import type { QuarantinedEvent } from './quarantine.table';

/** Open quarantined events (not yet applied), oldest first; all projections unless named. */
export async function listQuarantinedEvents(
  db: Kysely<Database>,
  options: { projection?: string; limit?: number } = {},
): Promise<QuarantinedEvent[]> {
  let query = db
    .selectFrom('projection_quarantine')
    .selectAll()
    .where('resolved_at', 'is', null)
    .orderBy('position')
    .orderBy('projection')
    .limit(options.limit ?? 100);
  if (options.projection !== undefined) query = query.where('projection', '=', options.projection);
  return query.execute();
}

/** How many events are open in quarantine, per projection (projections with none are absent). */
export async function countQuarantinedEvents(
  db: Kysely<Database>,
): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('projection_quarantine')
    .select(['projection', (eb) => eb.fn.countAll<string>().as('count')])
    .where('resolved_at', 'is', null)
    .groupBy('projection')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.projection, Number(row.count)]));
}

export type RetryResult =
  | { status: 'resolved'; event: QuarantinedEvent }
  | { status: 'failed'; event: QuarantinedEvent; error: string }
  /** No open quarantined event with that id (unknown, or already resolved). */
  | { status: 'not_found' };

/**
 * Re-applies one quarantined event, on demand (after the cause was fixed). It is applied where
 * the projection stands NOW, after the later events it skipped, in one transaction that holds
 * the projection's checkpoint row (so no batch of the projector interleaves), and the row is marked
 * resolved. For a projection whose later events updated the same rows, a rebuild replays
 * everything in order instead; `verify` shows whether the two differ. A failed retry keeps the
 * event quarantined with the new error.
 */
export async function retryQuarantinedEvent(options: {
  db: Kysely<Database>;
  store: EventStore;
  projections: readonly Projection[];
  id: string;
}): Promise<RetryResult> {
  const { db, store, projections } = options;
  if (!/^[0-9]{1,18}$/.test(options.id)) return { status: 'not_found' };
  const open = await db
    .selectFrom('projection_quarantine')
    .selectAll()
    .where('id', '=', options.id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  if (open === undefined) return { status: 'not_found' };
  const projection = findProjection(projections, open.projection);
  if (projection === undefined) {
    return fail(open, `No projection named ${open.projection} is registered`);
  }
  let event: RecordedEvent | undefined;
  try {
    const read = await store.readStream(open.stream_name, {
      fromVersion: open.stream_version,
      maxCount: 1,
    });
    event = read.events.find((candidate) => candidate.id === open.event_id);
  } catch (error) {
    return fail(open, errorMessage(error));
  }
  if (event === undefined) return fail(open, 'The event is no longer in the store');
  const found = event;
  try {
    const resolved = await db.transaction().execute(async (trx) => {
      const checkpoint = await trx
        .selectFrom('projection_checkpoints')
        .select('position')
        .where('name', '=', projection.name)
        .forUpdate()
        .executeTakeFirst();
      // Behind the event (a reset the projector has not replayed yet): the replay will reach it.
      const position = checkpoint?.position ?? null;
      if (position === null || position < open.position) return null;
      const row = await trx
        .selectFrom('projection_quarantine')
        .select('id')
        .where('id', '=', open.id)
        .where('resolved_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      // Resolved meanwhile (a second retry): applying it again could double it.
      if (row === undefined) return null;
      await applyToProjection(trx, projection, [found]);
      return trx
        .updateTable('projection_quarantine')
        .set({ resolved_at: sql<string>`now()` })
        .where('id', '=', open.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return resolved === null ? { status: 'not_found' } : { status: 'resolved', event: resolved };
  } catch (error) {
    return fail(open, errorMessage(error));
  }

  async function fail(row: QuarantinedEvent, error: string): Promise<RetryResult> {
    const updated = await db
      .updateTable('projection_quarantine')
      .set((eb) => ({
        error: sinkText(error),
        attempts: eb('attempts', '+', 1),
        last_failed_at: sql<string>`now()`,
      }))
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirst();
    return { status: 'failed', event: updated ?? row, error };
  }
}
