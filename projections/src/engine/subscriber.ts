import type { EventStore, Position, RecordedEvent } from '@shortlist/eventstore';
import type { Kysely } from 'kysely';
import type { Database } from '../database';
import { errorMessage, type Logger } from '../logger';
import { releaseLease, tryLease } from './lease';

/**
 * A subscriber follows the event store from its own checkpoint: the one engine behind the
 * projectors and the reactors (Emmett's share theirs the same way). Each subscriber runs in one
 * process at a time, under a lease (a session-level advisory lock held on the connection that
 * also writes its checkpoint). While it holds the lease it applies delivered batches
 * and, when idle, beats a heartbeat that ends the session if the lease or the checkpoint was
 * lost; a failed session backs off (doubling) and starts afresh from the stored checkpoint; a
 * stand-by retries the lease until the holder stops or dies. What a batch does, and where the
 * checkpoint lives, is the mode's: projector/projector.ts (checkpoint in the read model's
 * transaction) or reactor/reactor.ts (at least once, with deterministic command ids).
 */
export interface Subscriber {
  /** Unique among its kind and stable: the lease and the checkpoint are keyed by it. */
  readonly name: string;
  /** Called with the lease held, on its connection: prepares the checkpoint, opens a session. */
  open(conn: Kysely<Database>): Promise<SubscriberSession>;
  /**
   * True for a failure that asks for a fresh session at once rather than a backoff (a rebuild
   * moved a projection's checkpoint).
   */
  restartsAfter?(error: unknown): boolean;
}

interface SubscriberSession {
  /** Deliveries start strictly after it (null: from the first event). */
  readonly position: Position | null;
  /** Handles one delivered batch on the leased connection; returns the new checkpoint. */
  handle(events: RecordedEvent[], control: { stopping(): boolean }): Promise<Position | null>;
  /** Runs while idle; throws to end the session (lease or checkpoint lost). */
  heartbeat(): Promise<void>;
}

export type SubscriberState = 'starting' | 'standby' | 'active' | 'backoff' | 'stopped';

export interface SubscriberStatus {
  name: string;
  state: SubscriberState;
  /** Last checkpoint this process committed or resumed from (null = before the first event). */
  position: Position | null;
  /** Consecutive failed sessions; 0 after a batch is handled. */
  failures: number;
  lastError: string | null;
}

/** The subscribers one `startSubscribers` call runs. */
export interface Subscribers {
  /** Finishes the batch in flight and releases the leases; a stand-by elsewhere takes over. */
  stop(): Promise<void>;
  status(): SubscriberStatus[];
}

export interface SubscribersOptions {
  store: EventStore;
  /** Holds one connection per ACTIVE subscriber (its lease): size the pool subscribers + 1. */
  db: Kysely<Database>;
  subscribers: readonly Subscriber[];
  /** Lease namespace; projectors and reactors use their own, so names never clash. */
  leaseNamespace: string;
  /** How logs name a subscriber: 'projection' or 'reactor'. */
  kind: string;
  logger: Logger;
  batchSize: number;
  standbyRetryMs: number;
  heartbeatMs: number;
  backoff: { initialMs: number; maxMs: number };
  /** The message logged when a session fails, before the backoff. */
  failureMessage: string;
}

export function startSubscribers(options: SubscribersOptions): Subscribers {
  const names = new Set<string>();
  for (const { name } of options.subscribers) {
    if (names.has(name)) throw new Error(`Two ${options.kind}s are named ${JSON.stringify(name)}`);
    names.add(name);
  }
  const workers = options.subscribers.map((subscriber) => startWorker(subscriber, options));
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
    status: () => workers.map((worker) => ({ ...worker.status })),
  };
}

type SessionOutcome = { kind: 'standby' } | { kind: 'ended' } | { kind: 'failed'; error: unknown };
type Interrupt = { kind: 'stop' } | { kind: 'ended' } | { kind: 'failed'; error: unknown };

/** Runs one subscriber: stand by until it holds the lease, then follow the store, forever. */
function startWorker(subscriber: Subscriber, options: SubscribersOptions) {
  const { logger, kind } = options;
  const { name } = subscriber;
  const status: SubscriberStatus = {
    name,
    state: 'starting',
    position: null,
    failures: 0,
    lastError: null,
  };
  let stopping = false;
  let wake: (() => void) | null = null;
  let interruptSession: ((reason: Interrupt) => void) | null = null;
  const control = { stopping: () => stopping };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function runSession(conn: Kysely<Database>): Promise<SessionOutcome> {
    if (!(await tryLease(conn, options.leaseNamespace, name))) return { kind: 'standby' };
    try {
      const session = await subscriber.open(conn);
      let checkpoint = session.position;
      status.state = 'active';
      status.position = checkpoint;
      logger.info({ [kind]: name, position: checkpoint }, `${kind} active`);

      let interrupt: (reason: Interrupt) => void = () => undefined;
      const interrupted = new Promise<Interrupt>((resolve) => {
        interrupt = resolve;
      });
      interruptSession = interrupt;
      if (stopping) interrupt({ kind: 'stop' });

      // Batches and heartbeats share the leased connection, so they take turns.
      const serial = createSerial();
      const subscription = options.store.subscribe(
        { after: checkpoint, batchSize: options.batchSize },
        (events) =>
          serial(async () => {
            checkpoint = await session.handle(events, control);
            status.position = checkpoint;
            status.failures = 0;
            status.lastError = null;
          }),
      );
      // With no new events nothing else would notice a lost lease or a moved checkpoint.
      const heartbeat = setInterval(() => {
        serial(() => session.heartbeat()).catch((error: unknown) =>
          interrupt({ kind: 'failed', error }),
        );
      }, options.heartbeatMs);

      const ended = subscription.done.then(
        (): Interrupt => ({ kind: 'ended' }),
        (error: unknown): Interrupt => ({ kind: 'failed', error }),
      );
      const reason = await Promise.race([ended, interrupted]);
      clearInterval(heartbeat);
      interruptSession = null;
      await subscription.stop();
      await serial(async () => undefined);
      return reason.kind === 'stop' ? { kind: 'ended' } : reason;
    } finally {
      await releaseLease(conn, options.leaseNamespace, name).catch((error: unknown) =>
        logger.warn({ [kind]: name, error: errorMessage(error) }, 'could not release lease'),
      );
    }
  }

  const loop = (async () => {
    while (!stopping) {
      let outcome: SessionOutcome;
      try {
        outcome = await options.db.connection().execute(runSession);
      } catch (error) {
        outcome = { kind: 'failed', error };
      }
      if (stopping) break;
      if (outcome.kind === 'standby') {
        status.state = 'standby';
        await sleep(options.standbyRetryMs);
      } else if (outcome.kind === 'failed') {
        if (subscriber.restartsAfter?.(outcome.error) === true) {
          status.state = 'starting';
          logger.info({ [kind]: name, reason: errorMessage(outcome.error) }, `${kind} restarts`);
          continue;
        }
        status.failures += 1;
        status.lastError = errorMessage(outcome.error);
        status.state = 'backoff';
        const delay = Math.min(
          options.backoff.maxMs,
          options.backoff.initialMs * 2 ** (status.failures - 1),
        );
        logger.error(
          { [kind]: name, error: status.lastError, attempt: status.failures, retryInMs: delay },
          options.failureMessage,
        );
        await sleep(delay);
      }
    }
    status.state = 'stopped';
  })();

  return {
    status,
    async stop() {
      stopping = true;
      wake?.();
      interruptSession?.({ kind: 'stop' });
      await loop;
    },
  };
}

/** Runs async work one at a time, in call order, whatever the previous one's outcome. */
function createSerial() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}
