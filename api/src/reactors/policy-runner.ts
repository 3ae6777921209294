import type { EventStore } from '@shortlist/eventstore';
import { createKysely, type SubscriberEngine, startReactorRunner } from '@shortlist/projections';
import type pg from 'pg';
import type { Policy, PolicyLogger } from './policy';

export interface PolicyRunnerOptions {
  store: EventStore;
  /** Holds one connection per ACTIVE policy (its lease): size it policies + 1. */
  pool: pg.Pool;
  policies: readonly Policy[];
  logger: PolicyLogger;
  /** Events per delivery (default 100). */
  batchSize?: number;
  /** How often a stand-by runner tries to take a policy over (default 3000 ms). */
  standbyRetryMs?: number;
  /** How often an idle active runner checks its leased connection is alive (default 5000 ms). */
  heartbeatMs?: number;
  /** Retry delay after a failed event: doubles from initialMs up to maxMs. */
  backoff?: { initialMs: number; maxMs: number };
}

export type PolicyRunner = SubscriberEngine;

/**
 * Runs the policies as reactors of the subscriber engine: one process at a time per policy,
 * at-least-once delivery in global order from its checkpoint, a failing event retried after a
 * growing backoff while later events wait (a referral is always seen before its first order).
 * The caller owns the pool and ends it after `stop()`.
 */
export function startPolicyRunner(options: PolicyRunnerOptions): PolicyRunner {
  return startReactorRunner({
    store: options.store,
    db: createKysely({ pool: options.pool }),
    reactors: options.policies,
    logger: options.logger,
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    ...(options.standbyRetryMs === undefined ? {} : { standbyRetryMs: options.standbyRetryMs }),
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    ...(options.backoff === undefined ? {} : { backoff: options.backoff }),
  });
}
