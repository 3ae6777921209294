import type { JsonObject } from '@shortlist/eventstore';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  type EnqueueOptions,
  type JobHandler,
  type JobQueue,
  type JobQueueOptions,
  retryDelayMs,
  toError,
} from './job-queue.port';

interface PendingJob {
  name: string;
  key: string;
  payload: JsonObject;
  attempts: number;
  backoffMs: number;
  attemptsMade: number;
}

/**
 * The embedded-mode queue: the BullMQ semantics (keys, delays, retries with exponential backoff,
 * exhaustion report) inside this process. What it cannot give is durability: jobs still waiting
 * when the process stops are lost, so work that must survive a restart is re-derived from events
 * by whoever enqueues it (reactors catch up from their checkpoint).
 */
export function createInProcessQueue(options: JobQueueOptions = {}): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const seenKeys = new Map<string, Set<string>>();
  const waitingForHandler = new Map<string, PendingJob[]>();
  // Each timer with the time its job is due, so whenIdle can tell a future delay from a due job.
  const timers = new Map<NodeJS.Timeout, number>();
  const timerJobs = new Map<NodeJS.Timeout, string>();
  const running = new Set<Promise<void>>();
  const activeByName = new Map<string, number>();
  const failedByName = new Map<string, number>();
  const bump = (counts: Map<string, number>, name: string, by: number) =>
    counts.set(name, (counts.get(name) ?? 0) + by);
  let closed = false;

  function schedule(job: PendingJob, delayMs: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      timerJobs.delete(timer);
      dispatch(job);
    }, delayMs);
    timers.set(timer, Date.now() + delayMs);
    timerJobs.set(timer, job.name);
  }

  function idle(): boolean {
    if (running.size > 0) return false;
    for (const waiting of waitingForHandler.values()) if (waiting.length > 0) return false;
    const now = Date.now();
    for (const dueAt of timers.values()) if (dueAt <= now) return false;
    return true;
  }

  function dispatch(job: PendingJob): void {
    if (closed) return;
    const handler = handlers.get(job.name);
    if (!handler) {
      const waiting = waitingForHandler.get(job.name) ?? [];
      waiting.push(job);
      waitingForHandler.set(job.name, waiting);
      return;
    }
    bump(activeByName, job.name, 1);
    const run = attempt(job, handler).finally(() => {
      running.delete(run);
      bump(activeByName, job.name, -1);
    });
    running.add(run);
  }

  async function attempt(job: PendingJob, handler: JobHandler): Promise<void> {
    job.attemptsMade += 1;
    const info = { name: job.name, key: job.key, attempt: job.attemptsMade };
    try {
      await handler(job.payload, info);
    } catch (thrown) {
      const error = toError(thrown);
      if (job.attemptsMade < job.attempts) {
        options.logger?.warn({ job: info, err: error }, 'Job failed; retrying');
        schedule(job, retryDelayMs(job.backoffMs, job.attemptsMade));
        return;
      }
      options.logger?.error({ job: info, err: error }, 'Job failed on its last attempt');
      bump(failedByName, job.name, 1);
      options.onExhausted?.({ ...info, payload: job.payload, error });
    }
  }

  return {
    durable: false,
    async enqueue(name: string, payload: JsonObject, enqueueOptions: EnqueueOptions) {
      if (closed) throw new Error('The job queue is closed');
      const keys = seenKeys.get(name) ?? new Set<string>();
      seenKeys.set(name, keys);
      if (keys.has(enqueueOptions.key)) return;
      keys.add(enqueueOptions.key);
      // A copy, as BullMQ would serialise it: the caller may reuse its object.
      const job: PendingJob = {
        name,
        key: enqueueOptions.key,
        payload: structuredClone(payload),
        attempts: Math.max(1, enqueueOptions.attempts ?? DEFAULT_ATTEMPTS),
        backoffMs: enqueueOptions.backoffMs ?? DEFAULT_BACKOFF_MS,
        attemptsMade: 0,
      };
      schedule(job, Math.max(0, enqueueOptions.delayMs ?? 0));
    },

    process(name: string, handler: JobHandler) {
      if (handlers.has(name)) throw new Error(`A handler for job "${name}" is already registered`);
      handlers.set(name, handler);
      const waiting = waitingForHandler.get(name) ?? [];
      waitingForHandler.delete(name);
      for (const job of waiting) dispatch(job);
    },

    async whenIdle() {
      // Polled rather than signalled: a due timer only fires when the event loop gets to it,
      // and a handler may enqueue the next job before it returns; a short poll sees both.
      while (!closed && !idle()) await new Promise((resolve) => setTimeout(resolve, 5));
    },

    async counts() {
      const names = new Set([...seenKeys.keys(), ...handlers.keys()]);
      const now = Date.now();
      return [...names].map((name) => {
        let waiting = waitingForHandler.get(name)?.length ?? 0;
        let delayed = 0;
        for (const [timer, dueAt] of timers) {
          if (timerJobs.get(timer) !== name) continue;
          if (dueAt <= now) waiting += 1;
          else delayed += 1;
        }
        return {
          name,
          waiting,
          active: activeByName.get(name) ?? 0,
          delayed,
          failed: failedByName.get(name) ?? 0,
        };
      });
    },

    async close() {
      closed = true;
      for (const timer of timers.keys()) clearTimeout(timer);
      timers.clear();
      timerJobs.clear();
      await Promise.allSettled([...running]);
    },
  };
}
