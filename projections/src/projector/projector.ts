import type { EventStore, Position } from '@shortlist/eventstore';
import type { Kysely } from 'kysely';
import type { Database } from '../database';
import { PROJECTION_LEASES } from '../engine/lease';
import { type Subscriber, type Subscribers, startSubscribers } from '../engine/subscriber';
import { consoleLogger, type Logger } from '../logger';
import { assertUniqueNames, type Projection } from '../projection';
import {
  applyBatch,
  applyIsolated,
  CheckpointMovedError,
  prepareCheckpoint,
  readCheckpoint,
} from './checkpoints';
import { isTransientError } from './transient-error';

/**
 * Projector mode: a batch and the checkpoint move in ONE transaction of the read model
 * (checkpoints.ts), so a restart at any point is exactly-once in effect. A batch that keeps
 * failing on its events (not on the database) is applied one event per transaction after
 * `quarantineAfterAttempts` tries, and the event that fails alone is quarantined. A checkpoint
 * moved under the session (a rebuild) ends it and a fresh one starts at once.
 */
export function projectorSubscriber(
  projection: Projection,
  settings: { logger: Logger; quarantineAfterAttempts: number },
): Subscriber {
  const { name } = projection;
  // Failed tries of the batch after one checkpoint; survives the session restarts in between.
  let failedBatch: { after: Position | null; attempts: number } | null = null;
  return {
    name,
    restartsAfter: (error) => error instanceof CheckpointMovedError,
    async open(conn) {
      let checkpoint = await prepareCheckpoint(conn, projection, settings.logger);
      return {
        position: checkpoint,
        async handle(events) {
          try {
            checkpoint = await applyBatch(conn, projection, checkpoint, events);
          } catch (error) {
            if (error instanceof CheckpointMovedError || isTransientError(error)) throw error;
            const attempts =
              failedBatch !== null && failedBatch.after === checkpoint
                ? failedBatch.attempts + 1
                : 1;
            failedBatch = { after: checkpoint, attempts };
            if (attempts < settings.quarantineAfterAttempts) throw error;
            // One poison event must not halt every later one: find it and set it aside.
            checkpoint = await applyIsolated(conn, projection, checkpoint, events, {
              priorAttempts: attempts,
              logger: settings.logger,
            });
          }
          failedBatch = null;
          return checkpoint;
        },
        async heartbeat() {
          // A rebuild resets the checkpoint; a dead connection fails the read. Both end it.
          const stored = await readCheckpoint(conn, name);
          if (stored?.position !== checkpoint) {
            throw new CheckpointMovedError(name, checkpoint, stored?.position);
          }
        },
      };
    },
  };
}

export interface ProjectorsOptions {
  store: EventStore;
  /**
   * One connection of this pool is held per ACTIVE projector for as long as it is active (its
   * lease lives on it), so give the projectors their own Kysely, sized projections + 2, rather
   * than the API's query pool.
   */
  db: Kysely<Database>;
  projections: readonly Projection[];
  /** Events per transaction (default 200). */
  batchSize?: number;
  logger?: Logger;
  /** How often a stand-by process tries to take over a projection (default 3000 ms). */
  standbyRetryMs?: number;
  /** How often an idle active projector checks its checkpoint was not reset (default 2000 ms). */
  heartbeatMs?: number;
  /** Retry delay after a failed batch: doubles from initialMs up to maxMs. */
  backoff?: { initialMs: number; maxMs: number };
  /**
   * Tries of a batch that fails on its events (not on the database) before the projector applies
   * it one event per transaction and quarantines the event that fails (default 3).
   */
  quarantineAfterAttempts?: number;
}

/** Runs each projection as a subscriber in projector mode (projectorSubscriber above). */
export function startProjectors(options: ProjectorsOptions): Subscribers {
  assertUniqueNames(options.projections);
  const logger = options.logger ?? consoleLogger;
  const quarantineAfterAttempts = Math.max(1, options.quarantineAfterAttempts ?? 3);
  return startSubscribers({
    store: options.store,
    db: options.db,
    subscribers: options.projections.map((projection) =>
      projectorSubscriber(projection, { logger, quarantineAfterAttempts }),
    ),
    leaseNamespace: PROJECTION_LEASES,
    kind: 'projection',
    logger,
    batchSize: options.batchSize ?? 200,
    standbyRetryMs: options.standbyRetryMs ?? 3000,
    heartbeatMs: options.heartbeatMs ?? 2000,
    backoff: options.backoff ?? { initialMs: 250, maxMs: 15_000 },
    failureMessage: 'projection batch failed and was rolled back; retrying',
  });
}
