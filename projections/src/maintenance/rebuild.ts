import type { EventStore, Position, RecordedEvent } from '@shortlist/eventstore';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import { PROJECTION_LEASES, releaseLease, tryLease } from '../engine/lease';
import { type Logger, silentLogger } from '../logger';
import type { Projection } from '../projection';
import {
  applyBatch,
  applyIsolated,
  CheckpointMovedError,
  prepareCheckpoint,
  resetProjection,
} from '../runner/checkpoints';
import { isTransientError } from '../runner/transient-error';

export interface RebuildResult {
  projection: string;
  /**
   * 'inline': no runner held the projection, so this call replayed it to the head itself.
   * 'runner': a running runner holds it; it notices the reset and catches up on its own.
   */
  mode: 'inline' | 'runner';
  /** Checkpoint after an inline rebuild; null when the runner does the work. */
  position: Position | null;
}

export interface RebuildOptions {
  db: Kysely<Database>;
  store: EventStore;
  /** Events read and applied per transaction (default 1000). */
  batchSize?: number;
  logger?: Logger;
}

/**
 * Empties the projection's tables and resets its checkpoint in ONE transaction (readers see
 * either the old rows or an empty model catching up, never a half-truncated one), then replays.
 */
export async function rebuildProjection(
  options: RebuildOptions & { projection: Projection },
): Promise<RebuildResult> {
  const [result] = await rebuildProjections({ ...options, projections: [options.projection] });
  if (result === undefined) throw new Error(`No rebuild result for ${options.projection.name}`);
  return result;
}

/**
 * Rebuilds several projections in ONE pass over the events: each is reset as
 * rebuildProjection does, then every batch is read once (the next read under way while this one
 * is applied) and applied to each projection in its own transaction with its checkpoint, on one
 * connection holding all their leases. Reading the history once instead of once per projection
 * is most of a full rebuild's time saved: the read (and the key vault's opening of personal
 * fields) costs more than the folded writes. A projection a running runner holds is left to it.
 */
export async function rebuildProjections(
  options: RebuildOptions & { projections: readonly Projection[] },
): Promise<RebuildResult[]> {
  const { db, store, projections } = options;
  const logger = options.logger ?? silentLogger;
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  for (const projection of projections) {
    await db.transaction().execute((trx) => resetProjection(trx, projection));
    logger.info({ projection: projection.name }, 'projection reset');
  }
  return db.connection().execute(async (conn) => {
    const held: { projection: Projection; position: Position | null }[] = [];
    const results = new Map<string, RebuildResult>();
    // Each batch commits its rows with its checkpoint, so a commit lost to a crash loses both
    // and the next run replays it: the replay need not wait for each commit's WAL flush.
    await sql`set synchronous_commit = off`.execute(conn);
    try {
      for (const projection of projections) {
        if (await tryLease(conn, PROJECTION_LEASES, projection.name)) {
          held.push({ projection, position: await prepareCheckpoint(conn, projection, logger) });
        } else {
          logger.info(
            { projection: projection.name },
            'a runner holds the projection and will replay',
          );
          results.set(projection.name, {
            projection: projection.name,
            mode: 'runner',
            position: null,
          });
        }
      }
      if (held.length > 0) {
        // A runner that let go between the reset and the lease may have moved one on already.
        const read = (after: Position | null) => {
          const events = store.readAll({ after, limit: batchSize });
          // Awaited below; until then a failed read must not count as an unhandled rejection.
          events.catch(() => undefined);
          return events;
        };
        let next: Promise<RecordedEvent[]> | null = read(lowest(held.map((e) => e.position)));
        while (next !== null) {
          const batch: RecordedEvent[] = await next;
          const last = batch.at(-1);
          next = last !== undefined && batch.length >= batchSize ? read(last.position) : null;
          for (const entry of held) {
            entry.position = await applyReplayed(
              conn,
              entry.projection,
              entry.position,
              batch,
              logger,
            );
          }
        }
        for (const { projection, position } of held) {
          logger.info({ projection: projection.name, position }, 'projection replayed');
          results.set(projection.name, { projection: projection.name, mode: 'inline', position });
        }
      }
    } finally {
      for (const { projection } of held) {
        await releaseLease(conn, PROJECTION_LEASES, projection.name);
      }
      await sql`reset synchronous_commit`.execute(conn);
    }
    return projections.flatMap((projection) => results.get(projection.name) ?? []);
  });
}

/** One replayed batch; a failing event is set aside at once, as the runner does after retries. */
async function applyReplayed(
  conn: Kysely<Database>,
  projection: Projection,
  position: Position | null,
  batch: RecordedEvent[],
  logger: Logger,
): Promise<Position | null> {
  try {
    return await applyBatch(conn, projection, position, batch);
  } catch (error) {
    if (error instanceof CheckpointMovedError || isTransientError(error)) throw error;
    return applyIsolated(conn, projection, position, batch, { priorAttempts: 1, logger });
  }
}

function lowest(positions: readonly (Position | null)[]): Position | null {
  let result: Position | null | undefined;
  for (const position of positions) {
    if (position === null) return null;
    if (result === undefined || result === null || position < result) result = position;
  }
  return result ?? null;
}
