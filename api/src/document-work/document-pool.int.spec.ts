import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../plugins/logging';
import { HttpError } from '../shared/http-error';
import { createLogCollector } from '../testing/test-app';
import { createDocumentPool, type DocumentPool, type DocumentPoolLimits } from './document-pool';
import { BUSY_RETRY_AFTER_SECONDS, DOCUMENT_WORK_MESSAGES } from './document-work.messages';
import { DOCUMENT_POOL_PROBE } from './testing/pool-probe';

// The pool on real worker threads (piscina, tsx loading the TypeScript worker modules), with
// probe jobs that misbehave as hostile documents make parsers misbehave.

const DEFAULTS: DocumentPoolLimits = { workers: 1, queue: 4, jobTimeoutMs: 5_000, heapMb: 128 };
let pools: DocumentPool[] = [];
const logs = createLogCollector();

function poolWith(limits: Partial<DocumentPoolLimits> = {}): DocumentPool {
  const pool = createDocumentPool({ ...DEFAULTS, ...limits }, createLogger('warn', logs));
  pools.push(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  pools = [];
});

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('the document pool', () => {
  it('runs each job in a worker thread, never on the calling one', async () => {
    const pool = poolWith();
    const answer = await pool.run(DOCUMENT_POOL_PROBE.echo, 'hello');
    expect(answer.input).toBe('hello');
    expect(answer.threadId).not.toBe(threadId);
  });

  it('terminates a job past its time limit (422) and replaces the worker', async () => {
    const pool = poolWith({ jobTimeoutMs: 1_000 });
    const first = await pool.run(DOCUMENT_POOL_PROBE.echo, 'before');
    const error = await refusal(pool.run(DOCUMENT_POOL_PROBE.spin, 60_000));
    expect([error.statusCode, error.message]).toEqual([422, DOCUMENT_POOL_PROBE.limitMessage]);
    expect(pool.stats().restarts).toBe(1);
    const after = await pool.run(DOCUMENT_POOL_PROBE.echo, 'after');
    expect(after.threadId).not.toBe(first.threadId);
    expect(logs.lines.join('\n')).toContain('its worker was replaced');
  });

  it('answers 422 for a job that exhausts its heap, and carries on with a new worker', async () => {
    const pool = poolWith({ heapMb: 64, jobTimeoutMs: 60_000 });
    const error = await refusal(pool.run(DOCUMENT_POOL_PROBE.exhaustHeap, null));
    expect([error.statusCode, error.message]).toEqual([422, DOCUMENT_POOL_PROBE.limitMessage]);
    expect(pool.stats().restarts).toBe(1);
    expect((await pool.run(DOCUMENT_POOL_PROBE.echo, 'alive')).input).toBe('alive');
  });

  it('answers 422 for a stack overflow, keeping the worker', async () => {
    const pool = poolWith();
    const before = await pool.run(DOCUMENT_POOL_PROBE.echo, 'x');
    const error = await refusal(pool.run(DOCUMENT_POOL_PROBE.overflowStack, null));
    expect([error.statusCode, error.message]).toEqual([422, DOCUMENT_POOL_PROBE.limitMessage]);
    expect((await pool.run(DOCUMENT_POOL_PROBE.echo, 'y')).threadId).toBe(before.threadId);
    expect(pool.stats().restarts).toBe(0);
  });

  it("passes a job's refusal on as it is, and rejects with a job's own failure", async () => {
    const pool = poolWith();
    const refused = await refusal(pool.run(DOCUMENT_POOL_PROBE.refuse, null));
    expect([refused.statusCode, refused.message]).toEqual([422, 'This file could not be opened.']);
    await expect(pool.run(DOCUMENT_POOL_PROBE.fail, null)).rejects.toThrow('a bug');
    expect(pool.stats().restarts).toBe(0);
  });

  it('counts the time limit from when a job starts, not while it waits its turn', async () => {
    const pool = poolWith({ workers: 1, jobTimeoutMs: 3_000 });
    await pool.run(DOCUMENT_POOL_PROBE.echo, 'warm');
    // Each runs 2 s; the second waits 2 s first: 4 s after it was sent, inside its own 3 s.
    const results = await Promise.all([
      pool.run(DOCUMENT_POOL_PROBE.spin, 2_000),
      pool.run(DOCUMENT_POOL_PROBE.spin, 2_000),
    ]);
    expect(results).toHaveLength(2);
    expect(pool.stats().restarts).toBe(0);
  });

  it('refuses at once with 503 and Retry-After once workers and queue are full', async () => {
    const pool = poolWith({ workers: 1, queue: 1 });
    await pool.run(DOCUMENT_POOL_PROBE.echo, 'warm');
    const running = [
      pool.run(DOCUMENT_POOL_PROBE.spin, 1_500),
      pool.run(DOCUMENT_POOL_PROBE.spin, 1_500),
    ];
    const error = await refusal(pool.run(DOCUMENT_POOL_PROBE.echo, 'one too many'));
    expect(error.statusCode).toBe(503);
    expect(error.message).toBe(DOCUMENT_WORK_MESSAGES.busy);
    expect(error.headers).toEqual({ 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });
    expect(pool.stats().refused).toBe(1);
    await Promise.all(running);
    expect((await pool.run(DOCUMENT_POOL_PROBE.echo, 'room again')).input).toBe('room again');
  });

  it('ends its workers on close: a running job answers 503, and so does any later one', async () => {
    const pool = poolWith({ jobTimeoutMs: 60_000 });
    await pool.run(DOCUMENT_POOL_PROBE.echo, 'warm');
    const running = refusal(pool.run(DOCUMENT_POOL_PROBE.spin, 60_000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.close();
    expect((await running).statusCode).toBe(503);
    expect((await refusal(pool.run(DOCUMENT_POOL_PROBE.echo, 'late'))).statusCode).toBe(503);
  });
});
