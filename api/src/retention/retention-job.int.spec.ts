import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  type DailyJob,
  ERASE_COMPLETED_JOB,
  EXPIRE_UNPAID_JOB,
  nextDailyRun,
  scheduleDailyRun,
} from './retention-job';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let startedAt: number;

beforeAll(async () => {
  startedAt = Date.now();
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const logged = (message: string) => t.logs.entries().filter((entry) => entry.msg === message);

const JOBS: [DailyJob, Record<string, number>][] = [
  [ERASE_COMPLETED_JOB, { erased: 0 }],
  [EXPIRE_UNPAID_JOB, { expired: 0, skipped: 0 }],
];

describe.each(JOBS)('the daily job $name', (job, counts) => {
  it('is scheduled for the next 03:00 UTC when the app starts', () => {
    const scheduled = logged(job.scheduledMessage);
    expect(scheduled).toHaveLength(1);
    const runAt = Date.parse(String(scheduled[0]?.runAt));
    expect(new Date(runAt).toISOString()).toMatch(/T03:00:00\.000Z$/);
    expect(runAt).toBeGreaterThan(startedAt);
    expect(runAt).toBeLessThanOrEqual(Date.now() + DAY_MS);
  });

  it('runs once for a day however often that day is enqueued', async () => {
    // An overdue run (two days before the next one): no delay, so the app's handler runs it now.
    const runAt = new Date(nextDailyRun(new Date()).getTime() - 2 * DAY_MS);
    const date = runAt.toISOString().slice(0, 10);
    const now = new Date();
    await scheduleDailyRun(t.services.queue, job, runAt, now);
    await scheduleDailyRun(t.services.queue, job, runAt, now);

    const finished = () => logged(job.finishedMessage);
    await expect.poll(() => finished().length, { timeout: 5000 }).toBe(1);
    // The chained next run is delayed to a future 03:00, so it does not keep the queue busy.
    await t.services.queue.whenIdle();
    // Once, for that day; and what it chained is the next real 03:00 (already scheduled at
    // start, the same key), not a catch-up run for the overdue day's next day.
    expect(finished()).toEqual([expect.objectContaining({ date, ...counts, attempt: 1 })]);
  });
});
