import type { EventStore, Position } from '@shortlist/eventstore';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import { PROJECTION_LEASES, releaseLease, tryLease } from '../engine/lease';
import { errorMessage, type Logger, silentLogger } from '../logger';
import type { Projection } from '../projection';
import { CheckpointMovedError, prepareCheckpoint, resetProjection } from '../runner/checkpoints';
import { isTransientError } from '../runner/transient-error';
import { createIndexes, dropDeferrableIndexes } from './deferred-indexes';
import { type ReplayTarget, replayInOneTransaction, replayPages } from './replay-pages';

/**
 * Events per page of a rebuild: a page is one read and one transaction for all the projections,
 * so its fixed costs (the round trips, the checkpoint moves, the key vault's lookup) shrink with
 * its size; past a few thousand the set-based writes dominate and memory is still small.
 */
const DEFAULT_BATCH_SIZE = 5000;

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
  /** Events read and applied per transaction (default 5000). */
  batchSize?: number;
  logger?: Logger;
  /** Filled with the milliseconds each projection's apply took, for a bench's breakdown. */
  applyMs?: Map<string, number>;
}

/** rebuildProjections for one projection. */
export async function rebuildProjection(
  options: RebuildOptions & { projection: Projection },
): Promise<RebuildResult> {
  const [result] = await rebuildProjections({ ...options, projections: [options.projection] });
  if (result === undefined) throw new Error(`No rebuild result for ${options.projection.name}`);
  return result;
}

/**
 * Rebuilds several projections in ONE pass over the events, on one connection holding their
 * leases. A projection a running runner holds is reset (committed) and left to it.
 *
 * The ones held here are rebuilt in ONE transaction: reset, the non-unique indexes of the
 * tables no projector reads through dropped (deferred-indexes.ts), every page of events read
 * once and applied to all of them (replay-pages.ts), the indexes built from the loaded rows, the
 * checkpoints moved to the last event, the tables analysed, commit. No per-page transaction or
 * checkpoint, no index maintained row by row: that is what makes it several times faster than
 * the live path's batches. Readers of those tables wait for the commit (the truncate locks
 * them) and then see the complete new rows; a failure rolls everything back to the old ones.
 * If an event fails a projection, the one-transaction rebuild is rolled back and the page-by-
 * page replay runs instead, which sets such events aside (quarantine) as the runner does.
 */
export async function rebuildProjections(
  options: RebuildOptions & { projections: readonly Projection[] },
): Promise<RebuildResult[]> {
  const { db, store, projections } = options;
  const logger = options.logger ?? silentLogger;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const applyMs = options.applyMs;
  return db.connection().execute(async (conn) => {
    const held: Projection[] = [];
    const results = new Map<string, RebuildResult>();
    // A commit lost to a crash loses its checkpoint with its rows, and the next run replays
    // them: the replay need not wait for the WAL flush.
    await sql`set synchronous_commit = off`.execute(conn);
    try {
      for (const projection of projections) {
        if (await tryLease(conn, PROJECTION_LEASES, projection.name)) {
          held.push(projection);
          continue;
        }
        await conn.transaction().execute((trx) => resetProjection(trx, projection));
        logger.info({ projection: projection.name }, 'reset; a runner holds it and will replay');
        results.set(projection.name, {
          projection: projection.name,
          mode: 'runner',
          position: null,
        });
      }
      if (held.length > 0) {
        let targets: ReplayTarget[];
        try {
          targets = await rebuildInOneTransaction(conn, store, held, { batchSize, applyMs });
        } catch (error) {
          if (error instanceof CheckpointMovedError || isTransientError(error)) throw error;
          logger.warn(
            { error: errorMessage(error) },
            'the one-transaction rebuild failed (an event a projection refuses?): rebuilding page by page, quarantining what fails',
          );
          targets = await rebuildPageByPage(conn, store, held, { batchSize, logger, applyMs });
        }
        for (const { projection, position } of targets) {
          logger.info({ projection: projection.name, position }, 'projection replayed');
          results.set(projection.name, { projection: projection.name, mode: 'inline', position });
        }
      }
    } finally {
      for (const projection of held) {
        await releaseLease(conn, PROJECTION_LEASES, projection.name);
      }
      await sql`reset synchronous_commit`.execute(conn);
    }
    return projections.flatMap((projection) => results.get(projection.name) ?? []);
  });
}

async function rebuildInOneTransaction(
  conn: Kysely<Database>,
  store: EventStore,
  projections: readonly Projection[],
  options: { batchSize: number; applyMs: Map<string, number> | undefined },
): Promise<ReplayTarget[]> {
  return conn.transaction().execute(async (trx) => {
    for (const projection of projections) await resetProjection(trx, projection);
    const tables = projections.flatMap((projection) => projection.tables);
    const dropped = await dropDeferrableIndexes(trx, tables);
    const targets: ReplayTarget[] = projections.map((projection) => ({
      projection,
      position: null,
    }));
    await replayInOneTransaction(trx, store, targets, options);
    await createIndexes(trx, dropped);
    // The planner's figures for tables just emptied and refilled are stale until autovacuum
    // comes by: the readers' first queries would plan for empty tables.
    if (tables.length > 0) {
      await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(trx);
    }
    return targets;
  });
}

/** The slower path that quarantines failing events: reset committed, then page by page. */
async function rebuildPageByPage(
  conn: Kysely<Database>,
  store: EventStore,
  projections: readonly Projection[],
  options: { batchSize: number; logger: Logger; applyMs: Map<string, number> | undefined },
): Promise<ReplayTarget[]> {
  const targets: ReplayTarget[] = [];
  for (const projection of projections) {
    await conn.transaction().execute((trx) => resetProjection(trx, projection));
    targets.push({
      projection,
      position: await prepareCheckpoint(conn, projection, options.logger),
    });
  }
  await replayPages(conn, store, targets, options);
  return targets;
}
