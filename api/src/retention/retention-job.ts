import { z } from 'zod';
import type { JobQueue } from '../queue/job-queue.port';

/**
 * A clean-up run once a day by the queue. Two exist: the erasure of orders completed over 30 days
 * ago, and the expiry of orders left unpaid too long. Each is its own job, so one failing (and
 * retrying) never holds the other back.
 */
export interface DailyJob {
  /** The queue's job name. */
  name: string;
  /** The day key's prefix: `{keyPrefix}:{date}`. */
  keyPrefix: string;
  /** Logged when a process schedules the next run, with `runAt`. */
  scheduledMessage: string;
  /** Logged when a run ends, with the date, what `run` counted and the attempt. */
  finishedMessage: string;
}

export const ERASE_COMPLETED_JOB: DailyJob = {
  name: 'retention.erase-expired',
  keyPrefix: 'retention',
  scheduledMessage: 'Retention erasure scheduled',
  finishedMessage: 'Retention erasure finished',
};

export const EXPIRE_UNPAID_JOB: DailyJob = {
  name: 'retention.expire-unpaid',
  keyPrefix: 'unpaid-expiry',
  scheduledMessage: 'Unpaid order expiry scheduled',
  finishedMessage: 'Unpaid order expiry finished',
};

/** 03:00 UTC (08:30 in India): a quiet hour, once a day. */
const RUN_HOUR_UTC = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A failed run (say, the database away) is retried 4 times, 1, 2 and 4 minutes apart. */
const RETENTION_ATTEMPTS = 4;
const RETENTION_BACKOFF_MS = 60_000;

const payloadSchema = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

/** The first 03:00 UTC strictly after `after`. */
export function nextDailyRun(after: Date): Date {
  const today = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  const run = today + RUN_HOUR_UTC * 60 * 60 * 1000;
  return new Date(run > after.getTime() ? run : run + DAY_MS);
}

/** One job per calendar day: the key every process computes alike for that day's run. */
export function dailyKey(job: DailyJob, runAt: Date): string {
  return `${job.keyPrefix}:${dayOf(runAt)}`;
}

/**
 * Enqueues the run due at `runAt`. The key is that day, so however many processes (the API, the
 * workers, restarts) schedule it, the queue holds one job per day: BullMQ keeps a finished job's
 * key 7 days, the in-process queue (embedded mode, one process) for its lifetime.
 */
export async function scheduleDailyRun(
  queue: JobQueue,
  job: DailyJob,
  runAt: Date,
  now: Date,
): Promise<void> {
  await queue.enqueue(
    job.name,
    { date: dayOf(runAt) },
    {
      key: dailyKey(job, runAt),
      delayMs: Math.max(0, runAt.getTime() - now.getTime()),
      attempts: RETENTION_ATTEMPTS,
      backoffMs: RETENTION_BACKOFF_MS,
    },
  );
}

/** At process start: the next 03:00 UTC (a no-op if another process already scheduled it). */
export async function startDailySchedule(queue: JobQueue, job: DailyJob, now: Date): Promise<Date> {
  const runAt = nextDailyRun(now);
  await scheduleDailyRun(queue, job, runAt, now);
  return runAt;
}

export interface DailyJobDeps {
  /** The day's work; answers the counts to log (e.g. `{ erased: 3 }`). */
  run: (now: Date) => Promise<Record<string, number>>;
  logger: { info(object: object, message: string): void };
  /** Default: the wall clock. */
  clock?: () => Date;
}

/**
 * The job's handler: schedules tomorrow's run, then does today's work. Scheduling comes first so
 * that a run failing on all its attempts still leaves the chain in place. The next run follows
 * the later of now and this job's own time, so an old job (a queue that was down for days) is
 * followed by the next real 03:00, not by a catch-up of every day missed: one run does
 * everything due however late it is.
 *
 * Not a cron: the queue port has delays, not repeats, and a restart in embedded mode loses the
 * in-process timer, so every process start schedules the next run again (same key, no double).
 */
export function registerDailyJob(queue: JobQueue, job: DailyJob, deps: DailyJobDeps): void {
  const clock = deps.clock ?? (() => new Date());
  queue.process(job.name, async (payload, info) => {
    const { date } = payloadSchema.parse(payload);
    const now = clock();
    const due = new Date(`${date}T${String(RUN_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
    await scheduleDailyRun(queue, job, nextDailyRun(now > due ? now : due), now);
    const counts = await deps.run(now);
    deps.logger.info({ date, ...counts, attempt: info.attempt }, job.finishedMessage);
  });
}

const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
