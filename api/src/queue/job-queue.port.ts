import type { JsonObject } from '@shortlist/eventstore';

/**
 * Background work (e-mail, retention erasure, webhook retries, reminders). Two adapters with the
 * same semantics, proven by one contract suite: BullMQ on Redis (services mode) and an
 * in-process queue (embedded mode).
 */
export interface EnqueueOptions {
  /**
   * Idempotency key, unique per job name: enqueueing the same key again is a no-op (BullMQ keeps
   * finished jobs for JOB_RETENTION_SECONDS; the in-process queue while the process lives).
   */
  key: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Total tries before the job is reported as failed for good. Default 5. */
  attempts?: number;
  /** First retry waits this long, each next one twice as long. Default 1000. */
  backoffMs?: number;
}

export interface JobInfo {
  name: string;
  key: string;
  /** 1 on the first try. */
  attempt: number;
}

/** A handler that throws (or rejects) has its job retried. */
export type JobHandler = (payload: JsonObject, job: JobInfo) => Promise<void>;

/** A job that failed on its last allowed attempt. */
export interface JobFailure extends JobInfo {
  payload: JsonObject;
  error: Error;
}

export interface JobQueue {
  /**
   * True when an enqueued job survives this process being killed (BullMQ on Redis). The
   * in-process queue loses what it holds, so work whose acknowledgement promises it will happen
   * (a webhook's 200) must be done before answering there.
   */
  readonly durable: boolean;
  enqueue(name: string, payload: JsonObject, options: EnqueueOptions): Promise<void>;
  /** Registers the one handler for `name`; jobs enqueued earlier wait for it. */
  process(name: string, handler: JobHandler): void;
  /**
   * Resolves once nothing is left to do right now: no job waiting (a job enqueued before its
   * handler exists counts as waiting) or running, and no delayed job or retry whose time has
   * come. A delay or backoff still in the future does not count. Tests wait on this before
   * asserting that "nothing more happened", instead of sleeping a guessed time. Only the job
   * names this queue has enqueued or processed are looked at.
   */
  whenIdle(): Promise<void>;
  /**
   * How many jobs of each name are waiting (due, not yet taken), running, delayed (a first run
   * or a retry due later) and failed for good, for the names this queue has enqueued or
   * processed. BullMQ answers for every process on its Redis (failed: those still kept, up to
   * JOB_RETENTION_SECONDS); the in-process queue for this process since it started.
   */
  counts(): Promise<JobCounts[]>;
  /** Stops taking jobs, waits for the ones running, releases connections. */
  close(): Promise<void>;
}

export interface JobCounts {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface JobQueueOptions {
  /** Called once per job whose attempts are exhausted (after it is logged). */
  onExhausted?: (failure: JobFailure) => void;
  logger?: QueueLogger;
}

/** The slice of pino the queues use, so tests can pass a plain object. */
export interface QueueLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1000;
/** How long BullMQ remembers a finished job's key (7 days). */
export const JOB_RETENTION_SECONDS = 7 * 24 * 3600;

/** Same curve as BullMQ's built-in 'exponential' backoff. */
export function retryDelayMs(backoffMs: number, attemptsMade: number): number {
  return Math.round(2 ** (attemptsMade - 1) * backoffMs);
}

export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
