import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import { HttpError } from '../shared/http-error';
import { type DocumentJob, JOB_STARTED, type JobEnvelope, type JobOutcome } from './document-job';
import { BUSY_RETRY_AFTER_SECONDS, DOCUMENT_WORK_MESSAGES } from './document-work.messages';

export interface DocumentPoolLimits {
  /** Worker threads. */
  workers: number;
  /** Jobs that may wait for a worker; past workers + queue, a job is refused at once (503). */
  queue: number;
  /** Wall-clock time one job may run before its worker is terminated (422). */
  jobTimeoutMs: number;
  /** Heap of each worker (V8's old generation); past it the worker dies (422). */
  heapMb: number;
}

interface DocumentPoolStats {
  /** Jobs running or waiting now. */
  active: number;
  completed: number;
  /** Workers terminated (time limit) or dead (heap limit, crash), each replaced. */
  restarts: number;
  /** Jobs refused because the queue was full. */
  refused: number;
}

export interface DocumentPool {
  /**
   * Runs one job in a worker. `transfer` hands buffers over without copying (the caller must not
   * use them afterwards). Rejects with HttpError 503 (busy, with Retry-After) or 422 (a limit
   * passed, or the visitor's file refused by the job), or the job's own unexpected error.
   */
  run<Input, Output>(
    job: DocumentJob<Input, Output>,
    input: Input,
    transfer?: readonly ArrayBuffer[],
  ): Promise<Output>;
  stats(): DocumentPoolStats;
  /** Terminates the workers; jobs still running fail with 503. */
  close(): Promise<void>;
}

// Worker modules are TypeScript, loaded through tsx's loader whatever started this process:
// `tsx` itself (npm start, npm run worker), vitest (whose own loader workers do not inherit), or
// node --import tsx. Resolved to a file URL so the process's working directory does not matter.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Time a new worker may take to load its modules (tsx, pdf.js, mammoth) on a busy machine. */
const WORKER_START_MS = 60_000;

/**
 * Below the request thread, so a busy worker does not delay answers the API owes others; only
 * a little (CPU shares about 1:3), so that on a busy machine a document still finishes well
 * inside its time limit.
 */
const WORKER_NICENESS = 5;

/**
 * The bounded pool of worker threads that does all work on documents a visitor sent (parsing,
 * the ATS check, rendering): piscina, created at the first job. Each worker has a heap limit;
 * each job a wall-clock limit from the moment it starts, past which its worker is terminated;
 * a worker that dies or is terminated is replaced; the jobs beyond workers + queue are refused
 * at once. The request thread never parses a document, so no document can stall or crash it.
 */
export function createDocumentPool(
  limits: DocumentPoolLimits,
  logger: FastifyBaseLogger,
): DocumentPool {
  let pool: Piscina | null = null;
  let closed = false;
  let nextJobId = 1;
  const running = new Map<number, RunningJob>();
  // A safety net, never reached while workers start: the longest a job can wait for a worker
  // behind a full queue, plus a worker's start. Past it the job is given up as busy (503)
  // rather than left waiting for ever (workers that cannot even start, say).
  const maxWaitMs =
    limits.jobTimeoutMs * (Math.ceil(limits.queue / limits.workers) + 1) + WORKER_START_MS;
  const stats: DocumentPoolStats = { active: 0, completed: 0, restarts: 0, refused: 0 };

  const poolNow = (): Piscina => {
    if (pool !== null) return pool;
    const created = new Piscina({
      // Every job names its own module; this is only piscina's default.
      filename: null,
      // Kept at full strength: a terminated worker is replaced at once, warm for the next job.
      minThreads: limits.workers,
      maxThreads: limits.workers,
      // Admission is counted here (piscina does not count jobs that carry an abort signal).
      maxQueue: limits.queue,
      idleTimeout: Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: 1,
      // Jobs are asynchronous (pdf.js awaits): the worker's event loop must keep turning.
      atomics: 'disabled',
      execArgv: ['--import', TSX_LOADER],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, stackSizeMb: 4 },
      niceIncrement: WORKER_NICENESS,
    });
    created.on('message', (message: unknown) => {
      if (typeof message !== 'object' || message === null || !(JOB_STARTED in message)) return;
      const job = running.get(Number((message as Record<string, unknown>)[JOB_STARTED]));
      if (job === undefined || job.started) return;
      job.started = true;
      clearTimeout(job.timer);
      job.timer = setTimeout(() => job.abort.abort(new JobTimeout()), limits.jobTimeoutMs);
    });
    // A worker failing with no job on it: logged, never an unhandled 'error' event (which would
    // end the process); piscina replaces the worker.
    created.on('error', (error: unknown) => {
      logger.error({ err: error }, 'A document worker failed between jobs');
    });
    pool = created;
    return created;
  };

  const replaced = (reason: 'time' | 'memory' | 'exit', job: string) => {
    stats.restarts += 1;
    logger.warn(
      { documentJob: job, reason, restarts: stats.restarts },
      'A document job passed its limits; its worker was replaced',
    );
  };

  return {
    async run<Input, Output>(
      job: DocumentJob<Input, Output>,
      input: Input,
      transfer: readonly ArrayBuffer[] = [],
    ): Promise<Output> {
      if (closed) throw busy();
      if (stats.active >= limits.workers + limits.queue) {
        stats.refused += 1;
        throw busy();
      }
      stats.active += 1;
      const jobId = nextJobId++;
      const abort = new AbortController();
      const entry: RunningJob = {
        abort,
        started: false,
        timer: setTimeout(() => abort.abort(new JobNeverStarted()), maxWaitMs),
      };
      running.set(jobId, entry);
      try {
        const envelope: JobEnvelope<Input> = { jobId, input };
        const outcome = (await poolNow().run(envelope, {
          filename: job.filename,
          name: job.name,
          signal: entry.abort.signal,
          transferList: [...transfer],
        })) as JobOutcome<Output>;
        if (outcome.ok) return outcome.value;
        if ('refusal' in outcome) {
          throw new HttpError(outcome.refusal.status, outcome.refusal.message);
        }
        logger.warn(
          { documentJob: job.name, cause: outcome.limit },
          'A document job passed a limit',
        );
        throw new HttpError(422, job.limitMessage);
      } catch (error) {
        throw failureOf(error, entry.abort.signal, job);
      } finally {
        clearTimeout(entry.timer);
        running.delete(jobId);
        stats.active -= 1;
        stats.completed += 1;
      }
    },

    stats: () => ({ ...stats }),

    async close() {
      closed = true;
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };

  function failureOf(
    error: unknown,
    signal: AbortSignal,
    job: { name: string; limitMessage: string },
  ): unknown {
    if (error instanceof HttpError) return error;
    if (signal.reason instanceof JobNeverStarted) {
      logger.error({ documentJob: job.name, maxWaitMs }, 'A document job never got a worker');
      return busy();
    }
    const reason = reasonOf(error, signal);
    if (reason !== null) {
      replaced(reason, job.name);
      return new HttpError(422, job.limitMessage);
    }
    // The pool was closed under the job (the server is stopping).
    if (closed) return busy();
    return error;
  }
}

/** Why a worker ended under a job, or null when the job failed by itself. */
function reasonOf(error: unknown, signal: AbortSignal): 'time' | 'memory' | 'exit' | null {
  if (signal.reason instanceof JobTimeout) return 'time';
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'memory';
  if (error instanceof Error && error.message.startsWith('worker exited with code')) return 'exit';
  return null;
}

interface RunningJob {
  abort: AbortController;
  /** The worker said it began: the timer is the job's time limit, no longer its wait. */
  started: boolean;
  timer: NodeJS.Timeout;
}

class JobNeverStarted extends Error {
  constructor() {
    super('The document job waited past any queue for a worker');
    this.name = 'JobNeverStarted';
  }
}

class JobTimeout extends Error {
  constructor() {
    super('The document job ran past its time limit');
    this.name = 'JobTimeout';
  }
}

function busy(): HttpError {
  return new HttpError(503, DOCUMENT_WORK_MESSAGES.busy, {
    'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
  });
}
