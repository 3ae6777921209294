import type { EventStore, Position, RecordedEvent } from '@shortlist/eventstore';
import type pg from 'pg';
import type { Policy, PolicyLogger } from './policy';
import { advancePolicyCheckpoint, readPolicyCheckpoint } from './policy-checkpoints';

export interface PolicyRunnerOptions {
  store: EventStore;
  /** Holds one connection per ACTIVE policy (its advisory lock): size it policies + 1. */
  pool: pg.Pool;
  policies: readonly Policy[];
  logger: PolicyLogger;
  /** Events per delivery (default 100). */
  batchSize?: number;
  /** How often a stand-by runner tries to take a policy over (default 3000 ms). */
  standbyRetryMs?: number;
  /** How often an idle active runner checks its locked connection is alive (default 5000 ms). */
  heartbeatMs?: number;
  /** Retry delay after a failed event: doubles from initialMs up to maxMs. */
  backoff?: { initialMs: number; maxMs: number };
}

export type PolicyRunState = 'starting' | 'standby' | 'active' | 'backoff' | 'stopped';

export interface PolicyStatus {
  name: string;
  state: PolicyRunState;
  /** The last position whose effect is done (null = before the first event). */
  position: Position | null;
  failures: number;
  lastError: string | null;
}

export interface PolicyRunner {
  /** Finishes the event in flight and releases the locks; a stand-by elsewhere takes over. */
  stop(): Promise<void>;
  status(): PolicyStatus[];
}

/** Advisory-lock namespace; the projections use another, so names never clash. */
const LOCK_NAMESPACE = 'shortlist.policies';

/**
 * Runs each policy in one process at a time (a session-level advisory lock keyed on its name,
 * held on the connection that also writes its checkpoint), following the store from the
 * policy's checkpoint in `api.policy_checkpoints`. Delivery is at least once: the command a
 * policy issues and the checkpoint are two writes, so a crash between them delivers that event
 * again, and the deterministic event ids the policy passes make the repeat append nothing.
 * A failing event stops the policy there and is retried after a growing backoff; later events
 * wait, so a policy always sees events in global order (a referral before its first order).
 */
export function startPolicyRunner(options: PolicyRunnerOptions): PolicyRunner {
  const names = new Set<string>();
  for (const { name } of options.policies) {
    if (names.has(name)) throw new Error(`Two policies are named ${JSON.stringify(name)}`);
    names.add(name);
  }
  const workers = options.policies.map((policy) => startWorker(policy, options));
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
    status: () => workers.map((worker) => ({ ...worker.status })),
  };
}

type Outcome = { kind: 'standby' } | { kind: 'ended' } | { kind: 'failed'; error: unknown };

function startWorker(policy: Policy, options: PolicyRunnerOptions) {
  const { store, pool, logger } = options;
  const batchSize = options.batchSize ?? 100;
  const standbyRetryMs = options.standbyRetryMs ?? 3000;
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const backoff = options.backoff ?? { initialMs: 250, maxMs: 15_000 };
  const { name } = policy;
  const status: PolicyStatus = {
    name,
    state: 'starting',
    position: null,
    failures: 0,
    lastError: null,
  };
  let stopping = false;
  let wake: (() => void) | null = null;
  let interruptSession: ((outcome: Outcome) => void) | null = null;

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

  async function deliver(client: pg.PoolClient, events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) {
      if (stopping) return;
      // The store delivers strictly after the checkpoint; this keeps a misbehaving adapter
      // from handing the policy something it already handled.
      if (status.position !== null && event.position <= status.position) continue;
      if (policy.handles.includes(event.type)) {
        await policy.handle(event);
        await advancePolicyCheckpoint(client, name, event.position);
      }
      status.position = event.position;
    }
    // Skipped events need no write each; one at the end of the batch covers them.
    if (status.position !== null) await advancePolicyCheckpoint(client, name, status.position);
    status.failures = 0;
    status.lastError = null;
  }

  async function runSession(client: pg.PoolClient): Promise<Outcome> {
    const lock = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS locked',
      [LOCK_NAMESPACE, name],
    );
    if (lock.rows[0]?.locked !== true) return { kind: 'standby' };
    try {
      status.position = await readPolicyCheckpoint(client, name);
      status.state = 'active';
      logger.info({ policy: name, position: status.position }, 'policy active');
      let interrupt: (outcome: Outcome) => void = () => undefined;
      const interrupted = new Promise<Outcome>((resolve) => {
        interrupt = resolve;
      });
      interruptSession = interrupt;
      if (stopping) interrupt({ kind: 'ended' });
      const subscription = store.subscribe({ after: status.position, batchSize }, (events) =>
        deliver(client, events),
      );
      // A dead locked connection means the lock is gone too: end the session, start afresh.
      const heartbeat = setInterval(() => {
        client.query('SELECT 1').catch((error: unknown) => interrupt({ kind: 'failed', error }));
      }, heartbeatMs);
      const ended = subscription.done.then(
        (): Outcome => ({ kind: 'ended' }),
        (error: unknown): Outcome => ({ kind: 'failed', error }),
      );
      const outcome = await Promise.race([ended, interrupted]);
      clearInterval(heartbeat);
      interruptSession = null;
      await subscription.stop();
      return outcome;
    } finally {
      await client
        .query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', [LOCK_NAMESPACE, name])
        .catch(() => undefined);
    }
  }

  async function runOnce(): Promise<Outcome> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      return { kind: 'failed', error };
    }
    let broken = false;
    // Without a listener a dropped connection would crash the process.
    const onError = (error: Error) => {
      broken = true;
      interruptSession?.({ kind: 'failed', error });
    };
    client.on('error', onError);
    try {
      return await runSession(client);
    } catch (error) {
      return { kind: 'failed', error };
    } finally {
      client.off('error', onError);
      // A broken connection is destroyed rather than handed back to the pool.
      client.release(broken);
    }
  }

  const loop = (async () => {
    while (!stopping) {
      const outcome = await runOnce();
      if (stopping) break;
      if (outcome.kind === 'standby') {
        status.state = 'standby';
        await sleep(standbyRetryMs);
      } else if (outcome.kind === 'failed') {
        status.failures += 1;
        status.lastError =
          outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
        status.state = 'backoff';
        const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** (status.failures - 1));
        logger.error(
          { policy: name, error: status.lastError, attempt: status.failures, retryInMs: delay },
          'policy failed on an event; retrying from its checkpoint',
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
      interruptSession?.({ kind: 'ended' });
      await loop;
    },
  };
}
