import { randomUUID } from 'node:crypto';
import type { JsonObject } from '@shortlist/eventstore';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobFailure, JobQueue, JobQueueOptions } from './job-queue.port';

/**
 * The executable definition of JobQueue: every adapter runs this suite (STYLE.md: one port, one
 * contract suite). Job names are unique per test so adapters sharing a Redis never collide.
 */
export function testJobQueue(label: string, create: (options: JobQueueOptions) => JobQueue): void {
  describe(`JobQueue contract: ${label}`, () => {
    const open: JobQueue[] = [];
    const failures: JobFailure[] = [];

    function queue(): JobQueue {
      const created = create({ onExhausted: (failure) => failures.push(failure) });
      open.push(created);
      return created;
    }

    afterEach(async () => {
      await Promise.all(open.splice(0).map((q) => q.close()));
      failures.length = 0;
    });

    it('runs a job once with its payload', async () => {
      const q = queue();
      const name = jobName();
      const seen: JsonObject[] = [];
      q.process(name, async (payload) => {
        seen.push(payload);
      });
      await q.enqueue(name, { to: 'a@example.com', n: 1 }, { key: 'one' });
      await q.whenIdle();
      expect(seen).toEqual([{ to: 'a@example.com', n: 1 }]);
    });

    it('runs a key once however often it is enqueued', async () => {
      const q = queue();
      const name = jobName();
      const keys: string[] = [];
      q.process(name, async (_payload, job) => {
        keys.push(job.key);
      });
      await q.enqueue(name, { n: 1 }, { key: 'order:1' });
      await q.enqueue(name, { n: 2 }, { key: 'order:1' });
      await until(() => keys.length === 1);
      await q.enqueue(name, { n: 3 }, { key: 'order:1' });
      await q.enqueue(name, { n: 4 }, { key: 'order:2' });
      await q.whenIdle();
      expect(keys).toEqual(['order:1', 'order:2']);
    });

    it('retries a failing job with exponential backoff until it succeeds', async () => {
      const q = queue();
      const name = jobName();
      const tries: { attempt: number; at: number }[] = [];
      let done = false;
      q.process(name, async (_payload, job) => {
        tries.push({ attempt: job.attempt, at: Date.now() });
        if (job.attempt < 3) throw new Error(`flaky ${job.attempt}`);
        done = true;
      });
      await q.enqueue(name, {}, { key: 'flaky', attempts: 5, backoffMs: 100 });
      await until(() => done);
      expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]);
      const [first, second, third] = tries.map((t) => t.at);
      expect(gap(first, second)).toBeGreaterThanOrEqual(95);
      expect(gap(second, third)).toBeGreaterThanOrEqual(195);
      expect(failures).toEqual([]);
    });

    it('reports a job whose attempts are exhausted, once', async () => {
      const q = queue();
      const name = jobName();
      let calls = 0;
      q.process(name, async () => {
        calls += 1;
        throw new Error('mail server down');
      });
      await q.enqueue(name, { id: 7 }, { key: 'doomed', attempts: 2, backoffMs: 20 });
      await until(() => failures.length === 1);
      await q.whenIdle();
      expect(calls).toBe(2);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ name, key: 'doomed', attempt: 2, payload: { id: 7 } });
      expect(failures[0]?.error.message).toBe('mail server down');
    });

    it('holds a delayed job until its time', async () => {
      const q = queue();
      const name = jobName();
      let ranAt: number | null = null;
      q.process(name, async () => {
        ranAt = Date.now();
      });
      const enqueuedAt = Date.now();
      await q.enqueue(name, {}, { key: 'later', delayMs: 600 });
      await sleep(300);
      expect(ranAt).toBeNull();
      await until(() => ranAt !== null);
      expect(gap(enqueuedAt, ranAt ?? 0)).toBeGreaterThanOrEqual(590);
    });

    it('keeps a job enqueued before its handler exists', async () => {
      const q = queue();
      const name = jobName();
      await q.enqueue(name, { early: true }, { key: 'early' });
      const seen: JsonObject[] = [];
      q.process(name, async (payload) => {
        seen.push(payload);
      });
      await until(() => seen.length === 1);
      expect(seen).toEqual([{ early: true }]);
    });

    it('is idle only when the jobs running and the jobs they enqueue are done', async () => {
      const q = queue();
      const name = jobName();
      const done: number[] = [];
      q.process(name, async (payload) => {
        const step = Number(payload.step);
        await sleep(50);
        if (step < 3) await q.enqueue(name, { step: step + 1 }, { key: `step-${step + 1}` });
        done.push(step);
      });
      await q.enqueue(name, { step: 1 }, { key: 'step-1' });
      await q.whenIdle();
      expect(done).toEqual([1, 2, 3]);
    });

    it('is not idle while a job waits for its handler', async () => {
      const q = queue();
      const name = jobName();
      await q.enqueue(name, {}, { key: 'orphan' });
      let idle = false;
      const whenIdle = q.whenIdle().then(() => {
        idle = true;
      });
      // A negative can only be checked over some time: long enough for several polls.
      await sleep(300);
      expect(idle).toBe(false);
      let ran = false;
      q.process(name, async () => {
        ran = true;
      });
      await whenIdle;
      expect(ran).toBe(true);
    });

    it('is idle while a delayed job is not yet due', async () => {
      const q = queue();
      const name = jobName();
      let ran = false;
      q.process(name, async () => {
        ran = true;
      });
      await q.enqueue(name, {}, { key: 'much-later', delayMs: 60_000 });
      await withinMs(5_000, q.whenIdle());
      expect(ran).toBe(false);
    });

    it('counts the jobs of each name: waiting, running, delayed, failed for good', async () => {
      const q = queue();
      const name = jobName();
      const countsOf = async () => (await q.counts()).find((counts) => counts.name === name);
      await q.enqueue(name, {}, { key: 'waits' });
      await q.enqueue(name, {}, { key: 'later', delayMs: 60_000 });
      await until(async () => (await countsOf())?.waiting === 1);
      expect(await countsOf()).toEqual({ name, waiting: 1, active: 0, delayed: 1, failed: 0 });

      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      q.process(name, async (_payload, job) => {
        if (job.key === 'waits') await held;
      });
      await until(async () => (await countsOf())?.active === 1);
      expect(await countsOf()).toMatchObject({ waiting: 0, active: 1, delayed: 1 });
      release();
      const failing = jobName();
      q.process(failing, async () => {
        throw new Error('no');
      });
      await q.enqueue(failing, {}, { key: 'fails', attempts: 1 });
      await until(() => failures.length === 1);
      await q.whenIdle();
      expect(await countsOf()).toMatchObject({ waiting: 0, active: 0, delayed: 1, failed: 0 });
      await until(async () => (await q.counts()).some((c) => c.name === failing && c.failed === 1));
    });
  });
}

function jobName(): string {
  return `test-${randomUUID()}`;
}

function gap(from: number | undefined, to: number | undefined): number {
  if (from === undefined || to === undefined) throw new Error('missing timestamp');
  return to - from;
}

async function withinMs(ms: number, promise: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}
