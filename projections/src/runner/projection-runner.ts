import type { EventStore } from '@shortlist/eventstore';
import type { Kysely } from 'kysely';
import type { Database } from '../database';
import { PROJECTION_LEASES } from '../engine/lease';
import {
  type SubscriberEngine,
  type SubscriberRunState,
  type SubscriberStatus,
  startSubscriberEngine,
} from '../engine/subscriber-engine';
import { consoleLogger, type Logger } from '../logger';
import { assertUniqueNames, type Projection } from '../projection';
import { projector } from './projector';

export interface ProjectionRunnerOptions {
  store: EventStore;
  /**
   * The runner holds one connection of this pool per ACTIVE projection for as long as it is
   * active (its lease lives on it), so give the runner its own Kysely, sized projections + 2,
   * rather than the API's query pool.
   */
  db: Kysely<Database>;
  projections: readonly Projection[];
  /** Events per transaction (default 200). */
  batchSize?: number;
  logger?: Logger;
  /** How often a stand-by runner tries to take over a projection (default 3000 ms). */
  standbyRetryMs?: number;
  /** How often an idle active runner checks its checkpoint was not reset (default 2000 ms). */
  heartbeatMs?: number;
  /** Retry delay after a failed batch: doubles from initialMs up to maxMs. */
  backoff?: { initialMs: number; maxMs: number };
  /**
   * Tries of a batch that fails on its events (not on the database) before the runner applies
   * it one event per transaction and quarantines the event that fails (default 3).
   */
  quarantineAfterAttempts?: number;
}

export type ProjectionRunState = SubscriberRunState;
export type ProjectionStatus = SubscriberStatus;
export type ProjectionRunner = SubscriberEngine;

/** Runs the projections on the subscriber engine in projector mode (projector.ts). */
export function startProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  assertUniqueNames(options.projections);
  const logger = options.logger ?? consoleLogger;
  const quarantineAfterAttempts = Math.max(1, options.quarantineAfterAttempts ?? 3);
  return startSubscriberEngine({
    store: options.store,
    db: options.db,
    subscribers: options.projections.map((projection) =>
      projector(projection, { logger, quarantineAfterAttempts }),
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
