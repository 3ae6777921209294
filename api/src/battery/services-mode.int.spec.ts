import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { orderStreamName } from '@shortlist/domain';
import { validResumePayload } from '@shortlist/domain/testing';
import { createPostgresEventStore, type EventStore } from '@shortlist/eventstore';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAIL_SUBJECT } from '../mail/templates/account-mails';
import { parseMime } from '../mail/testing/mime';
import { type SmtpTestServer, startSmtpTestServer } from '../mail/testing/smtp-test-server';
import { type RunningServer, startServer } from '../main/start-server';
import { webhookSignature } from '../shared/payments/razorpay-signature';
import { freePort } from '../testing/free-port';
import { field, localAddresses, send } from './battery-http';

/**
 * Services mode, as production runs it: two API instances and the worker (`npm run worker`)
 * on real PostgreSQL and a Redis of the test's own (so killing it disturbs nobody else's). Mails,
 * payment webhooks and a retention run go through BullMQ while the worker is SIGKILLed in the
 * middle of sending a mail and Redis is SIGKILLed and started again on the same port and data
 * directory. Nothing may be lost or done twice: mails are counted at real SMTP servers, payments
 * in the event store, the retention run in its queue.
 *
 * Redis runs as production should for a job queue (BullMQ's guidance): AOF on
 * (`appendonly yes`, `appendfsync everysec`: a killed redis-server loses nothing it answered,
 * since the AOF is written before the answer; only a machine crash may lose the last second) and
 * `maxmemory-policy noeviction`, so queued jobs are never evicted.
 */
const REDIS_BINARY = '/usr/bin/redis-server';
const SANDBOX_KEY_ID = 'rzp_test_ShortlistSandbox';
const JWT_SECRET = randomBytes(32).toString('hex');
const WEBHOOK_SECRET = createHmac('sha256', JWT_SECRET)
  .update('razorpay-sandbox-webhook-secret')
  .digest('base64url');
const CUSTOMERS = 10;
/** BullMQ's lock and stalled-job check in every process here (production keeps 30 s). */
const QUEUE_LOCK_SECONDS = 5;
const PAID_ORDERS = 4;
const nextLocalAddress = localAddresses(2);
const WORKER = fileURLToPath(new URL('../main/worker.ts', import.meta.url));

let database: TestDatabase;
let dataDir: string;
let redisDir: string;
let redisPort: number;
let redis: ChildProcess | null = null;
let worker: ChildProcess | null = null;
let apis: RunningServer[] = [];
let apiMail: SmtpTestServer;
let workerMail: HeldSmtpServer;
let store: EventStore;

beforeAll(async () => {
  [database, dataDir, redisDir, redisPort, apiMail, workerMail] = await Promise.all([
    createTestDatabase('api_services'),
    mkdtemp(join(tmpdir(), 'shortlist-services-')),
    mkdtemp(join(tmpdir(), 'shortlist-redis-')),
    freePort(),
    startSmtpTestServer(),
    startHeldSmtpServer(),
  ]);
  store = createPostgresEventStore({ connectionString: database.url });
  await startRedis();
}, 60_000);

afterAll(async () => {
  for (const queue of queues.values()) await queue.close().catch(() => undefined);
  worker?.kill('SIGKILL');
  for (const api of apis) await api.close().catch(() => undefined);
  redis?.kill('SIGKILL');
  await apiMail?.close();
  await workerMail?.close();
  await store?.close();
  await database?.drop();
  for (const dir of [dataDir, redisDir]) if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('services mode', () => {
  it('loses and doubles no mail, webhook or retention run when the worker and Redis die', async () => {
    const started = Date.now();
    // Two API instances (the first migrates), then the worker beside them.
    apis = [await startApi()];
    const [second] = await Promise.all([startApi(), startWorker(workerMail.url)]);
    apis.push(second);
    const [api1, api2] = apis;
    if (!api1 || !api2) throw new Error('no APIs');
    console.log(`services-mode: 2 APIs and the worker up in ${Date.now() - started} ms`);

    // Both instances answer and count one rate limit: register allows 10 a minute per IP.
    const ip = nextLocalAddress();
    const customers: Array<{ email: string; token: string }> = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const email = `svc-${randomUUID()}@battery.test`;
      const answer = await send((i % 2 === 0 ? api1 : api2).url, {
        method: 'POST',
        path: '/api/register',
        body: { name: 'Nila Das', email, password: 'battery-pass-1', cpassword: 'battery-pass-1' },
        localAddress: ip,
      });
      expect(answer.status).toBe(201);
      customers.push({ email, token: field(answer.body, 'token') });
    }
    for (const api of apis) {
      const refused = await send(api.url, {
        method: 'POST',
        path: '/api/register',
        body: {
          name: 'Nila Das',
          email: `svc-${randomUUID()}@battery.test`,
          password: 'battery-pass-1',
          cpassword: 'battery-pass-1',
        },
        localAddress: ip,
      });
      expect(refused.status).toBe(429);
    }

    // Paid orders, whose webhooks go through the queue later.
    const payments = await Promise.all(
      customers.slice(0, PAID_ORDERS).map(({ token }, i) => payOrder(apis[i % 2] ?? api1, token)),
    );

    // Reset mails: one per customer. The worker's SMTP server holds the first mail it is sent,
    // so the worker is caught in the middle of a job, and is SIGKILLed there.
    const forgot = async () => {
      for (const [i, { email }] of customers.entries()) {
        const answer = await send((apis[i % 2] ?? api1).url, {
          method: 'POST',
          path: '/api/forgot',
          body: { email },
          localAddress: nextLocalAddress(),
        });
        expect(answer.status).toBe(200);
      }
    };
    await forgot();
    let rounds = 1;
    // The three processes share the jobs; should the worker have taken none, ask again.
    while (!(await workerMail.holding(15_000)) && rounds < 4) {
      rounds += 1;
      await forgot();
    }
    expect(workerMail.held()).toBe(1);
    const expectedMails = rounds * CUSTOMERS;
    worker?.kill('SIGKILL');
    await exitOf(worker);
    const workerKilledAt = Date.now();
    console.log(
      `services-mode: worker killed mid-job after ${rounds} round(s) of reset mails, ` +
        `${workerKilledAt - started} ms in`,
    );

    // Redis dies too (kill -9) and comes back on the same port and AOF. Webhooks sent while it
    // is down are not acknowledged (Razorpay retries those); the ones answered 2xx must count.
    const acknowledgedWebhooks = new Map<string, number>();
    const deliverAll = async () => {
      for (const [i, payment] of payments.entries()) {
        const status = await deliverWebhook(apis[i % 2] ?? api1, payment);
        if (status === 200) {
          acknowledgedWebhooks.set(
            payment.orderId,
            (acknowledgedWebhooks.get(payment.orderId) ?? 0) + 1,
          );
        }
      }
    };
    await deliverAll();
    // Killed and started again at once, as a supervisor restarts it. Deliveries sent meanwhile
    // wait or fail; each one answered 200 counts as acknowledged.
    redis?.kill('SIGKILL');
    await exitOf(redis);
    const redisDownAt = Date.now();
    const whileDown = Promise.all(
      payments.map(async (payment, i) => {
        const status = await deliverWebhook(apis[i % 2] ?? api1, payment);
        if (status === 200) {
          acknowledgedWebhooks.set(
            payment.orderId,
            (acknowledgedWebhooks.get(payment.orderId) ?? 0) + 1,
          );
        }
        return status;
      }),
    );
    await startRedis();
    const redisDownMs = Date.now() - redisDownAt;
    const answersWhileDown = await whileDown;
    await deliverAll();
    console.log(
      `services-mode: Redis down ${redisDownMs} ms; webhooks sent then answered ` +
        `${answersWhileDown.join(', ')} after ${Date.now() - redisDownAt} ms`,
    );

    // The worker comes back; a retention run goes through the queue.
    await startWorker(apiMail.url);
    // Yesterday's run, late: every process start schedules the next 03:00 UTC (today's before
    // 03:00, tomorrow's after), and a key already held would make this add a no-op.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const retention = queueOf('retention.erase-expired');
    await retention.add(
      'retention.erase-expired',
      { date: yesterday },
      { jobId: `k-retention%3A${yesterday}`, attempts: 4 },
    );

    // Every reset mail arrives exactly once (the held one is sent again after the stall), every
    // acknowledged webhook pays its order exactly once, the retention run completes once.
    // The reset mails are counted apart from the order mails the mail reactor sends meanwhile.
    const received = () => [...apiMail.received, ...workerMail.received];
    const resetMails = () => received().filter((mail) => mail.subject === RESET_MAIL_SUBJECT);
    await waitFor(
      async () => resetMails().length >= expectedMails,
      75_000,
      () => `mails: ${resetMails().length}/${expectedMails}`,
    );
    await waitFor(queuesIdle, DRAIN_MS, () => 'the queues did not drain');
    console.log(
      `services-mode: every mail in, queues idle, ${Date.now() - workerKilledAt} ms after the kill`,
    );
    const mails = resetMails();
    const perRecipient = new Map<string, number>();
    for (const mail of mails) {
      for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    const doubled = mails.filter((mail) =>
      mail.to.some((to) => (perRecipient.get(to) ?? 0) > rounds),
    );
    expect(
      customers.filter(({ email }) => perRecipient.get(email) !== rounds),
      JSON.stringify(doubled.map(({ to, subject, messageId }) => ({ to, subject, messageId }))),
    ).toEqual([]);
    expect(mails).toHaveLength(expectedMails);

    for (const payment of payments) {
      expect(acknowledgedWebhooks.get(payment.orderId) ?? 0).toBeGreaterThan(0);
      const { events } = await store.readStream(orderStreamName(payment.orderId));
      expect(events.filter((event) => event.type === 'OrderPaid')).toHaveLength(1);
    }
    // Each paid order's receipt arrives once, through the kills, and no order mail twice.
    // (Customer i paid order i, its only order.)
    const payers = customers.slice(0, payments.length).map(({ email }) => email);
    const receiptsOf = (email: string) =>
      received().filter(
        (mail) => mail.subject.startsWith('Payment received') && mail.to.includes(email),
      );
    await waitFor(
      async () => payers.every((email) => receiptsOf(email).length >= 1),
      60_000,
      () => 'the receipts did not all arrive',
    );
    await waitFor(queuesIdle, DRAIN_MS, () => 'the queues did not drain');
    for (const email of payers) expect(receiptsOf(email)).toHaveLength(1);
    const orderMails = received().filter((mail) => mail.subject !== RESET_MAIL_SUBJECT);
    expect(new Set(orderMails.map((mail) => mail.messageId)).size).toBe(orderMails.length);
    const run = await retention.getJob(`k-retention%3A${yesterday}`);
    expect(await run?.getState()).toBe('completed');
    expect(run?.attemptsMade).toBe(1);
    console.log(
      `services-mode: ${mails.length} mails for ${expectedMails} sent, ${payments.length} ` +
        `orders paid once each, retention run completed once; ${Date.now() - started} ms`,
    );
  }, 360_000);
});

// --- processes ------------------------------------------------------------------------------

function servicesEnv(smtpUrl: string): Record<string, string | undefined> {
  return {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    SMTP_URL: smtpUrl,
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_LEVEL: 'fatal',
    // The mail the killed worker held is run again once its lock lapses and the stalled-job
    // check finds it: within about twice this rather than BullMQ's 30 s each.
    QUEUE_LOCK_SECONDS: String(QUEUE_LOCK_SECONDS),
  };
}

async function startApi(): Promise<RunningServer> {
  const port = await freePort();
  return startServer({ env: { ...servicesEnv(apiMail.url), PORT: String(port) } });
}

async function startWorker(smtpUrl: string): Promise<void> {
  const running = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: { ...servicesEnv(smtpUrl), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  worker = running;
  const { stdout } = running;
  if (!stdout) throw new Error('no stdout');
  await new Promise<void>((resolve, reject) => {
    running.once('exit', (code) => reject(new Error(`the worker exited (${code})`)));
    createInterface({ input: stdout }).on('line', (line) => {
      if (line.includes('Worker is running')) resolve();
    });
  });
}

async function startRedis(): Promise<void> {
  const running = spawn(
    REDIS_BINARY,
    [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--dir',
      redisDir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--save',
      '',
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: 'ignore' },
  );
  redis = running;
  const probe = new Redis({ port: redisPort, host: '127.0.0.1', lazyConnect: true });
  probe.on('error', () => undefined);
  try {
    await waitFor(
      async () => {
        try {
          if (probe.status !== 'ready') await probe.connect();
          // LOADING until the AOF is read back: ready only once PING answers PONG.
          return (await probe.ping()) === 'PONG';
        } catch {
          return false;
        }
      },
      20_000,
      () => 'redis-server did not start',
    );
  } finally {
    probe.disconnect();
  }
}

function exitOf(process: ChildProcess | null): Promise<void> {
  if (process === null || process.exitCode !== null || process.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => process.once('exit', () => resolve()));
}

const queues = new Map<string, Queue>();
function queueOf(name: string): Queue {
  const existing = queues.get(name);
  if (existing) return existing;
  const queue = new Queue(name, {
    connection: { host: '127.0.0.1', port: redisPort, maxRetriesPerRequest: null },
    prefix: 'shortlist',
  });
  queues.set(name, queue);
  return queue;
}

/**
 * A job that was active in a killed worker stays active until its lock lapses (lockDuration,
 * QUEUE_LOCK_SECONDS) and the next stalled-job check (as often) puts it back: twice that before
 * any queue can be idle again, more under a full parallel run.
 */
const DRAIN_MS = 90_000;

/** No job waiting, running, delayed for a retry or stalled, in any of the app's queues. */

async function queuesIdle(): Promise<boolean> {
  const client = new Redis({ port: redisPort, host: '127.0.0.1' });
  try {
    const names = new Set<string>();
    for (const key of await client.keys('shortlist:*:meta')) names.add(key.split(':')[1] ?? '');
    for (const name of names) {
      const counts = await queueOf(name).getJobCounts(
        'wait',
        'active',
        'prioritized',
        'waiting-children',
      );
      const busy = Object.values(counts).reduce((sum, count) => sum + count, 0);
      // A delayed job may be tomorrow's retention run; a delayed retry is not idle.
      const delayed = await queueOf(name).getJobs(['delayed']);
      const retrying = delayed.filter((job) => job.attemptsMade > 0).length;
      if (busy + retrying > 0) return false;
    }
    return true;
  } finally {
    client.disconnect();
  }
}

// --- payments -------------------------------------------------------------------------------

interface Payment {
  orderId: string;
  providerOrderId: string;
  paymentId: string;
  amount: number;
  currency: string;
}

async function payOrder(api: RunningServer, token: string): Promise<Payment> {
  const placed = await send(api.url, {
    method: 'POST',
    path: '/api/resume',
    body: validResumePayload(),
    token,
  });
  expect(placed.status).toBe(201);
  const orderId = field(placed.body, 'orderId');
  const checkout = await send(api.url, {
    method: 'POST',
    path: '/api/payments/checkout',
    body: { orderId },
    token,
  });
  expect(checkout.status).toBe(200);
  const razorpay = checkout.body.razorpay as Record<string, unknown>;
  const providerOrderId = String(razorpay.order_id);
  const paid = await send(api.url, {
    method: 'POST',
    path: '/sandbox/razorpay/checkout/pay',
    body: { key: SANDBOX_KEY_ID, order_id: providerOrderId },
  });
  expect(paid.status).toBe(200);
  return {
    orderId,
    providerOrderId,
    paymentId: field(paid.body, 'razorpay_payment_id'),
    amount: Number(razorpay.amount),
    currency: String(razorpay.currency),
  };
}

/** A signed payment.captured under a new event id, as Razorpay redelivers after a timeout. */
async function deliverWebhook(api: RunningServer, payment: Payment): Promise<number> {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_Sandbox0000000',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: payment.paymentId,
          entity: 'payment',
          amount: payment.amount,
          currency: payment.currency,
          status: 'captured',
          order_id: payment.providerOrderId,
          notes: { orderId: payment.orderId },
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  const answer = await send(api.url, {
    method: 'POST',
    path: '/api/payments/webhook',
    raw: body,
    headers: {
      'x-razorpay-signature': webhookSignature(WEBHOOK_SECRET, body),
      'x-razorpay-event-id': `evt_${randomUUID()}`,
    },
  });
  return answer.status;
}

// --- an SMTP server that holds the first mail -----------------------------------------------

interface HeldSmtpServer {
  url: string;
  received: Array<{ to: string[]; subject: string; messageId: string }>;
  /** Mails whose DATA arrived and was never answered. */
  held(): number;
  /** Resolves true once a mail is held, false after timeoutMs. */
  holding(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The worker's SMTP server: it takes the first mail's DATA and never answers it, so the job
 * sending it stays in the middle of its work (the worker is then killed). Later mails are
 * accepted as usual.
 */
async function startHeldSmtpServer(): Promise<HeldSmtpServer> {
  const received: HeldSmtpServer['received'] = [];
  let held = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (held === 0) {
          held += 1;
          return;
        }
        const { headers } = parseMime(Buffer.concat(chunks).toString('utf8'));
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: headers.get('subject') ?? '',
          messageId: headers.get('message-id') ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('no SMTP port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    held: () => held,
    async holding(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (held === 0) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- small helpers --------------------------------------------------------------------------

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
