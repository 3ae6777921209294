import type { EventStore, Position } from '@shortlist/eventstore';
import type { Kysely } from 'kysely';
import type { Database } from '../database';
import { consoleLogger, errorMessage, type Logger } from '../logger';
import { assertUniqueNames, type Projection } from '../projection';
import { tryLockProjection, unlockProjection } from './advisory-lock';
import {
  applyBatch,
  applyIsolated,
  CheckpointMovedError,
  prepareCheckpoint,
  readCheckpoint,
} from './checkpoints';
import { isTransientError } from './transient-error';

export interface ProjectionRunnerOptions {
  store: EventStore;
  /**
   * The runner holds one connection of this pool per ACTIVE projection for as long as it is
   * active (the advisory lock lives on it), so give the runner its own Kysely, sized
   * projections + 2, rather than the API's query pool.
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

export type ProjectionRunState = 'starting' | 'standby' | 'active' | 'backoff' | 'stopped';

export interface ProjectionStatus {
  name: string;
  state: ProjectionRunState;
  /** Last checkpoint this runner committed or resumed from (null = before the first event). */
  position: Position | null;
  /** Consecutive failed attempts; 0 after a batch commits. */
  failures: number;
  lastError: string | null;
}

export interface ProjectionRunner {
  /** Finishes the batch in flight, releases the locks; a stand-by elsewhere then takes over. */
  stop(): Promise<void>;
  status(): ProjectionStatus[];
}

interface Settings {
  store: EventStore;
  db: Kysely<Database>;
  batchSize: number;
  logger: Logger;
  standbyRetryMs: number;
  heartbeatMs: number;
  backoff: { initialMs: number; maxMs: number };
  quarantineAfterAttempts: number;
}

type SessionOutcome = { kind: 'standby' } | { kind: 'ended' } | { kind: 'failed'; error: unknown };
type Interrupt = { kind: 'stop' } | { kind: 'ended' } | { kind: 'failed'; error: unknown };

export function startProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  assertUniqueNames(options.projections);
  const settings: Settings = {
    store: options.store,
    db: options.db,
    batchSize: options.batchSize ?? 200,
    logger: options.logger ?? consoleLogger,
    standbyRetryMs: options.standbyRetryMs ?? 3000,
    heartbeatMs: options.heartbeatMs ?? 2000,
    backoff: options.backoff ?? { initialMs: 250, maxMs: 15_000 },
    quarantineAfterAttempts: Math.max(1, options.quarantineAfterAttempts ?? 3),
  };
  const workers = options.projections.map((projection) => startWorker(projection, settings));
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
    status: () => workers.map((worker) => ({ ...worker.status })),
  };
}

/** Runs one projection: stand by until it holds the lock, then follow the store, forever. */
function startWorker(projection: Projection, settings: Settings) {
  const { logger } = settings;
  const name = projection.name;
  const status: ProjectionStatus = {
    name,
    state: 'starting',
    position: null,
    failures: 0,
    lastError: null,
  };
  let stopping = false;
  // Failed tries of the batch after one checkpoint; survives the session restarts in between.
  let failedBatch: { after: Position | null; attempts: number } | null = null;
  let wake: (() => void) | null = null;
  let interruptSession: ((reason: Interrupt) => void) | null = null;

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
    if (!(await tryLockProjection(conn, name))) return { kind: 'standby' };
    try {
      let checkpoint = await prepareCheckpoint(conn, projection, logger);
      status.state = 'active';
      status.position = checkpoint;
      logger.info({ projection: name, position: checkpoint }, 'projection active');

      let interrupt: (reason: Interrupt) => void = () => undefined;
      const interrupted = new Promise<Interrupt>((resolve) => {
        interrupt = resolve;
      });
      interruptSession = interrupt;
      if (stopping) interrupt({ kind: 'stop' });

      // Batches and heartbeats share the locked connection, so they take turns.
      const serial = createSerial();
      const subscription = settings.store.subscribe(
        { after: checkpoint, batchSize: settings.batchSize },
        (events) =>
          serial(async () => {
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
                logger,
              });
            }
            failedBatch = null;
            status.position = checkpoint;
            status.failures = 0;
            status.lastError = null;
          }),
      );
      // With no new events nothing else would notice a rebuild resetting the checkpoint, or the
      // locked connection dying; both end the session and the loop starts a fresh one.
      const heartbeat = setInterval(() => {
        serial(async () => {
          const stored = await readCheckpoint(conn, name);
          if (stored?.position !== checkpoint) {
            throw new CheckpointMovedError(name, checkpoint, stored?.position);
          }
        }).catch((error: unknown) => interrupt({ kind: 'failed', error }));
      }, settings.heartbeatMs);

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
      await unlockProjection(conn, name).catch((error: unknown) =>
        logger.warn({ projection: name, error: errorMessage(error) }, 'could not release lock'),
      );
    }
  }

  const loop = (async () => {
    while (!stopping) {
      let outcome: SessionOutcome;
      try {
        outcome = await settings.db.connection().execute(runSession);
      } catch (error) {
        outcome = { kind: 'failed', error };
      }
      if (stopping) break;
      if (outcome.kind === 'standby') {
        status.state = 'standby';
        await sleep(settings.standbyRetryMs);
      } else if (outcome.kind === 'failed') {
        if (outcome.error instanceof CheckpointMovedError) {
          status.state = 'starting';
          logger.info({ projection: name, reason: outcome.error.message }, 'projection restarts');
          continue;
        }
        status.failures += 1;
        status.lastError = errorMessage(outcome.error);
        status.state = 'backoff';
        const delay = Math.min(
          settings.backoff.maxMs,
          settings.backoff.initialMs * 2 ** (status.failures - 1),
        );
        logger.error(
          { projection: name, error: status.lastError, attempt: status.failures, retryInMs: delay },
          'projection batch failed and was rolled back; retrying',
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
