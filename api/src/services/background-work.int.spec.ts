import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validResumePayload } from '@shortlist/domain/testing';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_REQUEST_JOB } from '../features/accounts/forgot-password.route';
import { RESET_MAIL_SUBJECT } from '../mail/templates/account-mails';
import { type SmtpTestServer, startSmtpTestServer } from '../mail/testing/smtp-test-server';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * BACKGROUND_WORK=worker: an API instance answers requests and enqueues jobs, and the worker
 * (here: the same services with BACKGROUND_WORK=here, as `npm run worker` builds them) runs the
 * projectors, the reactors and the jobs. A Redis database of this file's own (11) keeps its jobs
 * apart from other files' (the queue's key prefix is the product's).
 */
const REDIS_URL = `${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/11`;

let database: TestDatabase;
let apiDataDir: string;
let smtp: SmtpTestServer;
let api: TestApp;
let worker: TestApp | null = null;

beforeAll(async () => {
  // This file's own Redis database: what an interrupted earlier run left there goes first.
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
  [database, apiDataDir, smtp] = await Promise.all([
    createTestDatabase('api_background'),
    mkdtemp(join(tmpdir(), 'shortlist-api-only-')),
    startSmtpTestServer(),
  ]);
  api = await createTestApp({
    databaseUrl: database.url,
    env: {
      DATABASE_URL: database.url,
      REDIS_URL,
      BACKGROUND_WORK: 'worker',
      // No SMTP_URL: were this process to send a mail, it would land in its outbox.
      DATA_DIR: apiDataDir,
      // The customer's next read waits for the worker's projectors: room for a loaded machine.
      PROJECTION_WAIT_MS: '30000',
    },
  });
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await api?.close();
  await smtp?.close();
  await database?.drop();
  await rm(apiDataDir, { recursive: true, force: true });
}, 60_000);

function startWorker(): Promise<TestApp> {
  return createTestApp({
    databaseUrl: database.url,
    env: { DATABASE_URL: database.url, REDIS_URL, SMTP_URL: smtp.url, BACKGROUND_WORK: 'here' },
  });
}

const mailsTo = (to: string) => smtp.received.filter((mail) => mail.to.includes(to));

describe('BACKGROUND_WORK=worker', () => {
  it('leaves projections, reactors and jobs to the worker, which catches up on what the API took', async () => {
    expect(api.services.projectors).toBeNull();

    // With no worker yet: the API answers, and the jobs it enqueues wait in Redis.
    const email = `bg-${randomUUID().slice(0, 8)}@customers.test`;
    const registered = await api.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Asha Verma', email, password: 'background-1', cpassword: 'background-1' },
    });
    expect(registered.statusCode).toBe(201);
    const { token } = registered.json<{ token: string }>();
    const auth = { authorization: `Bearer ${token}` };
    const forgot = await api.app.inject({
      method: 'POST',
      url: '/api/forgot',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(200);
    const waiting = await vi.waitFor(
      async () => {
        const counts = await api.services.queue.counts();
        const queued = counts.find((count) => count.name === PASSWORD_RESET_REQUEST_JOB);
        expect(queued?.waiting).toBe(1);
        return queued;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(waiting).toMatchObject({ active: 0, failed: 0 });
    expect(mailsTo(email)).toEqual([]);

    // The worker starts: it projects what the API stored and runs the waiting job.
    worker = await startWorker();
    expect(worker.services.projectors).not.toBeNull();
    await vi.waitFor(
      () => expect(mailsTo(email).map((mail) => mail.subject)).toContain(RESET_MAIL_SUBJECT),
      {
        timeout: 30_000,
        interval: 100,
      },
    );

    // An order placed on the API: answered when durable, shown on the customer's next screen
    // (the consistency token waits for the worker's projectors), mailed by the worker.
    const resume = validResumePayload();
    const placed = await api.app.inject({
      method: 'POST',
      url: '/api/resume',
      headers: auth,
      payload: { ...resume, personal: { ...resume.personal, email } },
    });
    expect(placed.statusCode).toBe(201);
    const { orderId } = placed.json<{ orderId: string }>();
    const history = await api.app.inject({
      method: 'GET',
      url: `/api/orders/history/${encodeURIComponent(email)}`,
      headers: auth,
    });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain(orderId);
    await vi.waitFor(
      () =>
        expect(mailsTo(email).map((mail) => mail.subject)).toContain(
          'Your Shortlist order is awaiting payment',
        ),
      { timeout: 30_000, interval: 100 },
    );

    // Nothing was sent, or written to an outbox, by the API process.
    expect(await readdir(join(apiDataDir, 'outbox')).catch(() => [])).toEqual([]);
    expect(mailsTo(email)).toHaveLength(2);
  });
});
