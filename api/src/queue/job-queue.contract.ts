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
      await until(() => seen.length === 1);
      await sleep(300);
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
      await until(() => keys.length === 2);
      await sleep(300);
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
      await sleep(300);
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
  });
}

function jobName(): string {
  return `test-${randomUUID()}`;
}

function gap(from: number | undefined, to: number | undefined): number {
  if (from === undefined || to === undefined) throw new Error('missing timestamp');
  return to - from;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}
