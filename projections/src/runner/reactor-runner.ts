import type { EventStore } from '@shortlist/eventstore';
import type { Kysely } from 'kysely';
import type { Database } from '../database';
import { REACTOR_LEASES } from '../engine/lease';
import { type Reactor, reactorSubscriber } from '../engine/reactor';
import { type SubscriberEngine, startSubscriberEngine } from '../engine/subscriber-engine';
import type { Logger } from '../logger';

export interface ReactorRunnerOptions {
  store: EventStore;
  /** Holds one connection per ACTIVE reactor (its lease): size its pool reactors + 1. */
  db: Kysely<Database>;
  reactors: readonly Reactor[];
  logger: Logger;
  /** Events per delivery (default 100). */
  batchSize?: number;
  /** How often a stand-by runner tries to take a reactor over (default 3000 ms). */
  standbyRetryMs?: number;
  /** How often an idle active runner checks its leased connection is alive (default 5000 ms). */
  heartbeatMs?: number;
  /** Retry delay after a failed event: doubles from initialMs up to maxMs. */
  backoff?: { initialMs: number; maxMs: number };
}

/** Runs reactors (policies) on the subscriber engine in reactor mode (engine/reactor.ts). */
export function startReactorRunner(options: ReactorRunnerOptions): SubscriberEngine {
  return startSubscriberEngine({
    store: options.store,
    db: options.db,
    subscribers: options.reactors.map(reactorSubscriber),
    leaseNamespace: REACTOR_LEASES,
    kind: 'policy',
    logger: options.logger,
    batchSize: options.batchSize ?? 100,
    standbyRetryMs: options.standbyRetryMs ?? 3000,
    heartbeatMs: options.heartbeatMs ?? 5000,
    backoff: options.backoff ?? { initialMs: 250, maxMs: 15_000 },
    failureMessage: 'policy failed on an event; retrying from its checkpoint',
  });
}
