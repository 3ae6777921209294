import type { EventStore, Position } from '@shortlist/eventstore';
import type { Kysely } from 'kysely';
import type { Database } from '../database';
import { PROJECTION_LEASES, releaseLease, tryLease } from '../engine/lease';
import { type Logger, silentLogger } from '../logger';
import type { Projection } from '../projection';
import { catchUp, resetProjection } from '../runner/checkpoints';

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

/**
 * Empties the projection's tables and resets its checkpoint in ONE transaction (readers see
 * either the old rows or an empty model catching up, never a half-truncated one), then replays.
 */
export async function rebuildProjection(options: {
  db: Kysely<Database>;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  logger?: Logger;
}): Promise<RebuildResult> {
  const { db, store, projection } = options;
  const logger = options.logger ?? silentLogger;
  await db.transaction().execute((trx) => resetProjection(trx, projection));
  logger.info({ projection: projection.name }, 'projection reset');
  return db.connection().execute(async (conn): Promise<RebuildResult> => {
    if (!(await tryLease(conn, PROJECTION_LEASES, projection.name))) {
      logger.info({ projection: projection.name }, 'a runner holds the projection and will replay');
      return { projection: projection.name, mode: 'runner', position: null };
    }
    try {
      const position = await catchUp(conn, store, projection, {
        ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
        logger,
      });
      logger.info({ projection: projection.name, position }, 'projection replayed');
      return { projection: projection.name, mode: 'inline', position };
    } finally {
      await releaseLease(conn, PROJECTION_LEASES, projection.name);
    }
  });
}
