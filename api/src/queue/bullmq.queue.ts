import type { JsonObject } from '@shortlist/eventstore';
import { type ConnectionOptions, type Job, Queue, Worker } from 'bullmq';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  type EnqueueOptions,
  JOB_RETENTION_SECONDS,
  type JobHandler,
  type JobQueue,
  type JobQueueOptions,
} from './job-queue.port';

export interface BullMqQueueOptions extends JobQueueOptions {
  redisUrl: string;
  /** Namespaces every Redis key (tests use a unique one). Default 'shortlist'. */
  prefix?: string;
  /** Jobs one worker runs at once, per job name. Default 1. */
  concurrency?: number;
  /**
   * False: this process only enqueues (an API instance under BACKGROUND_WORK=worker); `process`
   * records the handler's name and starts no BullMQ worker, so the jobs wait for the worker
   * process, which registers the same handlers. Default true.
   */
  processJobs?: boolean;
  /**
   * A running job's lock (renewed while its worker lives) and how often stalled jobs, whose
   * lock lapsed with their worker, are put back. Default BullMQ's, 30 s.
   */
  lockMs?: number;
}

/**
 * One BullMQ queue per job name (queue names may not contain ':'), created on first use. The
 * idempotency key becomes the job id, so BullMQ itself refuses a second job with the same key
 * while the first is kept (JOB_RETENTION_SECONDS after it finishes).
 */
export function createBullMqQueue(options: BullMqQueueOptions): JobQueue {
  // BullMQ opens (and on close() closes) its own connections from these options; workers block
  // on Redis, which needs maxRetriesPerRequest: null (STACK.md).
  const connection: ConnectionOptions = { url: options.redisUrl, maxRetriesPerRequest: null };
  const prefix = options.prefix ?? 'shortlist';
  const queues = new Map<string, Queue>();
  const workers = new Map<string, Worker>();

  function queueFor(name: string): Queue {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      queue.on('error', (error) =>
        options.logger?.error({ err: error, queue: name }, 'Queue error'),
      );
      queues.set(name, queue);
    }
    return queue;
  }

  return {
    durable: true,
    async enqueue(name: string, payload: JsonObject, enqueueOptions: EnqueueOptions) {
      await queueFor(name).add(name, payload, {
        jobId: jobIdFor(enqueueOptions.key),
        delay: Math.max(0, enqueueOptions.delayMs ?? 0),
        attempts: Math.max(1, enqueueOptions.attempts ?? DEFAULT_ATTEMPTS),
        backoff: { type: 'exponential', delay: enqueueOptions.backoffMs ?? DEFAULT_BACKOFF_MS },
        removeOnComplete: { age: JOB_RETENTION_SECONDS },
        removeOnFail: { age: JOB_RETENTION_SECONDS },
      });
    },

    process(name: string, handler: JobHandler) {
      if (workers.has(name)) throw new Error(`A handler for job "${name}" is already registered`);
      // Known to whenIdle even when this instance only processes the name.
      queueFor(name);
      if (options.processJobs === false) return;
      const worker = new Worker<JsonObject>(
        name,
        (job) => handler(job.data, infoOf(name, job, job.attemptsMade + 1)),
        {
          connection,
          prefix,
          concurrency: options.concurrency ?? 1,
          lockDuration: options.lockMs ?? DEFAULT_LOCK_MS,
          stalledInterval: options.lockMs ?? DEFAULT_LOCK_MS,
        },
      );
      worker.on('failed', (job, error) => {
        if (!job) return;
        const info = infoOf(name, job, job.attemptsMade);
        if (job.attemptsMade < (job.opts.attempts ?? 1)) {
          options.logger?.warn({ job: info, err: error }, 'Job failed; retrying');
          return;
        }
        options.logger?.error({ job: info, err: error }, 'Job failed on its last attempt');
        options.onExhausted?.({ ...info, payload: job.data, error });
      });
      worker.on('error', (error) =>
        options.logger?.error({ err: error, queue: name }, 'Worker error'),
      );
      workers.set(name, worker);
    },

    async whenIdle() {
      while (queues.size > 0 && !(await allIdle([...queues.values()]))) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },

    async counts() {
      return Promise.all(
        [...queues.entries()].map(async ([name, queue]) => {
          const counts = await queue.getJobCounts(
            'wait',
            'prioritized',
            'active',
            'delayed',
            'failed',
          );
          return {
            name,
            waiting: (counts.wait ?? 0) + (counts.prioritized ?? 0),
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            failed: counts.failed ?? 0,
          };
        }),
      );
    },

    async close() {
      // Workers first, so no job is picked up while the queues close.
      await Promise.all([...workers.values()].map((worker) => worker.close()));
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      workers.clear();
      queues.clear();
    },
  };
}

/** BullMQ's own default for both the lock and the stalled-job check. */
const DEFAULT_LOCK_MS = 30_000;

async function allIdle(queues: Queue[]): Promise<boolean> {
  const now = Date.now();
  for (const queue of queues) {
    const counts = await queue.getJobCounts('active', 'wait', 'prioritized', 'waiting-children');
    if (Object.values(counts).some((count) => count > 0)) return false;
    // A delayed job (first run or retry) whose time has come is about to be promoted to wait;
    // one due later does not count. The count is of jobs due strictly before the timestamp.
    if ((await queue.getDelayedCount(now + 1)) > 0) return false;
  }
  return true;
}

function infoOf(name: string, job: Job<JsonObject>, attempt: number) {
  return { name, key: keyOf(job.id ?? ''), attempt };
}

// BullMQ job ids may not contain ':' nor look like integers; escape reversibly and prefix.
function jobIdFor(key: string): string {
  return `k-${key.replaceAll('%', '%25').replaceAll(':', '%3A')}`;
}

function keyOf(jobId: string): string {
  return jobId.slice(2).replaceAll('%3A', ':').replaceAll('%25', '%');
}
