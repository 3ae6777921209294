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
import { allProjections } from '@shortlist/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../features/admin/audit/audit-command';
import { webhookSignature } from '../shared/payments/razorpay-signature';
import { freePort } from '../testing/free-port';
import { type Answer, field, localAddresses, numberField, objectField, send } from './battery-http';

/**
 * Kill -9 under load: a crash at any instant loses nothing acknowledged. The real server runs in a
 * child process; this process plays many customers at once (register, place a resume order, write
 * to support, check out, pay in the sandbox, then verify while a Razorpay-style webhook races the
 * verify) and SIGKILLs the child at a seeded random moment. After each restart on the same
 * database: every write the server acknowledged (a 2xx) is there, the projections catch up to the
 * store's head, `audit verify` finds no difference, and no order is paid twice.
 *
 * BATTERY=1 runs 20 cycles, `npm test` 3. BATTERY_SEED=<n> replays one run's kill moments.
 */
const CYCLES = process.env.BATTERY === '1' ? 20 : 3;
const CUSTOMERS = 6;
const ORDERS_PER_CUSTOMER = 3;
/** How long an acknowledged payment may take to show after a restart. */
const PAYMENT_RECOVERY_MS = 20_000;
const SEED = Number(process.env.BATTERY_SEED ?? randomBytes(4).readUInt32LE(0));
const CHILD = fileURLToPath(new URL('./kill-under-load.child.ts', import.meta.url));
const TEST_APPLICATION = 'kill-under-load-test';
const SANDBOX_KEY_ID = 'rzp_test_ShortlistSandbox';
const JWT_SECRET = randomBytes(32).toString('hex');
// create-payments.ts derives the sandbox's webhook secret from the JWT secret, as here.
const WEBHOOK_SECRET = createHmac('sha256', JWT_SECRET)
  .update('razorpay-sandbox-webhook-secret')
  .digest('base64url');

let database: TestDatabase;
let dataDir: string;
let store: EventStore;
let client: pg.Client;
let child: ChildProcess | null = null;
/** Orders whose payment was acknowledged (2xx) yet never recorded, with who acknowledged it. */
const lostPayments = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase('api_kill_load');
  dataDir = await mkdtemp(join(tmpdir(), 'shortlist-kill-load-'));
  // Named, so the server's own connections can be told apart from the test's (see startChild).
  const ours = new URL(database.url);
  ours.searchParams.set('application_name', TEST_APPLICATION);
  store = createPostgresEventStore({ connectionString: ours.toString() });
  client = new pg.Client({ connectionString: ours.toString() });
  await client.connect();
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await client?.end();
  await store?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** What the server answered 2xx to, over every cycle. */
const acknowledged = {
  users: [] as string[],
  orders: [] as string[],
  queryEmails: [] as string[],
  /** Orders whose verify or webhook was answered 2xx (which of them): each must be paid, once. */
  paid: new Map<string, string>(),
  /** Orders the sandbox captured money for (whether or not we heard back). */
  captured: new Set<string>(),
};

describe('kill -9 under load', () => {
  it(
    `keeps every acknowledged write over ${CYCLES} SIGKILL cycles`,
    async () => {
      console.log(`kill-under-load: seed ${SEED} (BATTERY_SEED=${SEED} replays it)`);
      const random = mulberry32(SEED);
      const started = Date.now();
      let startMs = Date.now();
      let url = await startChild();
      console.log(`kill-under-load: first start in ${Date.now() - startMs} ms`);
      for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
        const load = startLoad(url);
        // A random moment once the load is under way, counted in answers rather than time (a
        // loaded machine answers slower, not differently): kills land in registers, orders,
        // payments, webhooks and projection batches.
        const killAfterAnswers = 10 + Math.floor(random() * 50);
        // The last kill also waits for a payment to have been acknowledged at least once in the
        // run: on a loaded machine every earlier kill may land before the first verify answers,
        // and then the payment half of the check would hold vacuously.
        const lastCycle = cycle === CYCLES;
        await waitUntil(
          () => load.answered() >= killAfterAnswers && (!lastCycle || acknowledged.paid.size > 0),
          120_000,
          `the load got no ${killAfterAnswers} answers${lastCycle ? ' and paid nothing' : ''}`,
        );
        const lagAtKill = await projectionLag();
        child?.kill('SIGKILL');
        const answersAtKill = load.answered();
        const msAtKill = load.elapsedMs();
        await childExited();
        await load.stop();

        startMs = Date.now();
        url = await startChild();
        const restartMs = Date.now() - startMs;
        const check = await checkInvariants();
        console.log(
          `kill-under-load: cycle ${cycle}/${CYCLES} killed after ${answersAtKill} answers ` +
            `(${msAtKill} ms, projection lag at kill ${lagAtKill} events); ` +
            `acknowledged ${check.acknowledged}, present ${check.present}; ` +
            `${check.events} events; restarted in ${restartMs} ms, caught up in ${check.catchUpMs} ms`,
        );
      }
      const unpaid = await capturedButUnpaid();
      console.log(
        `kill-under-load: ${CYCLES} cycles in ${Math.round((Date.now() - started) / 1000)} s; ` +
          `${acknowledged.users.length} users, ${acknowledged.orders.length} orders, ` +
          `${acknowledged.queryEmails.length} queries, ${acknowledged.paid.size} acknowledged ` +
          `payments, ${acknowledged.captured.size} captured, ${unpaid.length} captured but unpaid`,
      );
      expect(acknowledged.paid.size).toBeGreaterThan(0);
      expect(
        [...lostPayments].map(([orderId, by]) => `${orderId} (2xx from ${by})`),
        'acknowledged payments that never became paid',
      ).toEqual([]);
    },
    CYCLES * 60_000,
  );
});

// --- the child ------------------------------------------------------------------------------

let exited: Promise<void> = Promise.resolve();

/**
 * Starts the server once the killed one's database sessions are gone (PostgreSQL ends them when
 * it notices the dead sockets). Another start may still be refused for want of connections on a
 * busy shared PostgreSQL ("too many clients", 53300): that one start is tried again.
 */
async function startChild(): Promise<string> {
  await waitUntilAsync(
    async () => (await serverSessions()) === 0,
    30_000,
    async () => `the killed server still has ${await serverSessions()} database sessions`,
  );
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await spawnChild();
    } catch (error) {
      if (!(error instanceof TooManyClients) || attempt >= 5) throw error;
      console.log(`kill-under-load: PostgreSQL had no connection to spare; start ${attempt + 1}`);
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

class TooManyClients extends Error {}

/** Sessions on the test database that are not the test's own: the server's. */
async function serverSessions(): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_stat_activity
     WHERE datname = current_database() AND application_name <> $1`,
    [TEST_APPLICATION],
  );
  return Number(rows[0]?.n);
}

async function spawnChild(): Promise<string> {
  const port = await freePort();
  const running = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET,
      LOG_LEVEL: process.env.BATTERY_LOG_LEVEL ?? 'fatal',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = running;
  exited = new Promise((resolve) => running.once('exit', () => resolve()));
  const { stdout, stderr } = running;
  if (!stdout || !stderr) throw new Error('no stdout');
  let errors = '';
  stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
    process.stderr.write(chunk);
  });
  return new Promise<string>((resolve, reject) => {
    running.once('exit', (code, signal) =>
      reject(
        errors.includes('too many clients')
          ? new TooManyClients(errors)
          : new Error(`the server exited before it was ready (${code ?? signal})`),
      ),
    );
    createInterface({ input: stdout }).on('line', (line) => {
      const [word, value] = line.split(' ');
      if (word === 'ready' && value) resolve(value);
    });
  });
}

function childExited(): Promise<void> {
  return exited;
}

// --- the load -------------------------------------------------------------------------------

interface Load {
  answered(): number;
  elapsedMs(): number;
  /** Stops the customers and waits until every one has given up on its request in flight. */
  stop(): Promise<void>;
}

type Call = (method: string, path: string, body: unknown, token?: string) => Promise<Answer>;

/** Signed-in customers between two requests; they outlive the server's crashes. */
const sessions: string[] = [];
const nextLocalAddress = localAddresses(1);

function startLoad(url: string): Load {
  const startedAt = Date.now();
  let answers = 0;
  let stopping = false;
  const count = <T extends Answer>(answer: T): T => {
    if (answer.status > 0) answers += 1;
    return answer;
  };

  async function customer(): Promise<void> {
    // Every request from its own loopback address, as from many people: the per-IP rate limits
    // (register, contact, payments) stay what they are and never refuse the load.
    const call: Call = (method, path, body, token) =>
      send(url, { method, path, body, token, localAddress: nextLocalAddress() }).then(count);
    // A signed-in customer from an earlier cycle carries on with its token (same JWT secret):
    // registering hashes a password, the dearest request, so most customers do it once.
    const token = sessions.pop() ?? (await register(call));
    if (token === null) return;
    try {
      await orderAndPay(call, token);
    } finally {
      sessions.push(token);
    }
  }

  /** Places, writes to support about, and pays up to ORDERS_PER_CUSTOMER orders. */
  async function orderAndPay(call: Call, token: string): Promise<void> {
    for (let order = 0; order < ORDERS_PER_CUSTOMER && !stopping; order += 1) {
      const placed = await call('POST', '/api/resume', validResumePayload(), token);
      if (placed.status !== 201) return expectRefusedOnlyByCrash(placed);
      const orderId = field(placed.body, 'orderId');
      acknowledged.orders.push(orderId);

      const queryEmail = `query-${randomUUID()}@battery.test`;
      const query = await call('POST', '/api/queries', {
        contactemail: queryEmail,
        contactmessage: 'Where is my resume?',
      });
      if (query.status !== 201) return expectRefusedOnlyByCrash(query);
      acknowledged.queryEmails.push(queryEmail);

      const checkout = await call('POST', '/api/payments/checkout', { orderId }, token);
      if (checkout.status !== 200) return expectRefusedOnlyByCrash(checkout);
      const razorpay = objectField(checkout.body, 'razorpay');
      const providerOrderId = field(razorpay, 'order_id');
      const pay = await call('POST', '/sandbox/razorpay/checkout/pay', {
        key: SANDBOX_KEY_ID,
        order_id: providerOrderId,
      });
      if (pay.status !== 200) return expectRefusedOnlyByCrash(pay);
      acknowledged.captured.add(orderId);
      const paymentId = field(pay.body, 'razorpay_payment_id');

      // The browser's verify and a Razorpay redelivery of payment.captured race (the sandbox
      // fires its own webhooks too): any 2xx among them promises a paid order.
      const webhookBody = JSON.stringify({
        entity: 'event',
        account_id: 'acc_Sandbox0000000',
        event: 'payment.captured',
        contains: ['payment'],
        payload: {
          payment: {
            entity: {
              id: paymentId,
              entity: 'payment',
              amount: numberField(razorpay, 'amount'),
              currency: field(razorpay, 'currency'),
              status: 'captured',
              order_id: providerOrderId,
              notes: { orderId },
            },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      const [verified, webhook] = await Promise.all([
        call('POST', '/api/payments/verify', { orderId, ...pay.body }, token),
        send(url, {
          method: 'POST',
          path: '/api/payments/webhook',
          raw: webhookBody,
          headers: {
            'x-razorpay-signature': webhookSignature(WEBHOOK_SECRET, webhookBody),
            'x-razorpay-event-id': `evt_${randomUUID()}`,
          },
        }).then(count),
      ]);
      if (verified.status === 200 || webhook.status === 200) {
        const by = [
          verified.status === 200 ? 'verify' : '',
          webhook.status === 200 ? 'webhook' : '',
        ];
        acknowledged.paid.set(orderId, by.filter(Boolean).join('+'));
      }
      if (verified.status !== 200) return expectRefusedOnlyByCrash(verified);
      if (webhook.status !== 200) return expectRefusedOnlyByCrash(webhook);
    }
  }

  /** A new customer's token, or null when the crash took the answer. */
  async function register(call: Call): Promise<string | null> {
    const registered = await call('POST', '/api/register', {
      name: 'Kavya Iyer',
      email: `kill-${randomUUID()}@battery.test`,
      password: 'battery-pass-1',
      cpassword: 'battery-pass-1',
    });
    if (registered.status !== 201) {
      expectRefusedOnlyByCrash(registered);
      return null;
    }
    acknowledged.users.push(field(objectField(registered.body, 'user'), 'id'));
    return field(registered.body, 'token');
  }

  // A customer whose request died with the server starts over.
  const customers = Array.from({ length: CUSTOMERS }, async () => {
    while (!stopping) await customer();
  });
  return {
    answered: () => answers,
    elapsedMs: () => Date.now() - startedAt,
    async stop() {
      stopping = true;
      await Promise.all(customers);
    },
  };
}

/** Only the crash may refuse a customer: a connection that died (status 0), never a 4xx/5xx. */
function expectRefusedOnlyByCrash(answer: Answer): void {
  if (answer.status !== 0) {
    throw new Error(`unexpected answer ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

// --- the checks -----------------------------------------------------------------------------

async function checkInvariants() {
  const catchUpStarted = Date.now();
  // Everything committed: the readable head can lag a just-committed append.
  const head = await store.committedHeadPosition();
  await waitUntilAsync(
    async () => (await projectionsBehind(head)).length === 0,
    60_000,
    async () => `projections did not catch up: ${(await projectionsBehind(head)).join(', ')}`,
  );
  const catchUpMs = Date.now() - catchUpStarted;

  const present = async (sql: string, values: string[]) =>
    Number((await client.query<{ n: string }>(sql, [values])).rows[0]?.n);
  const users = await present('SELECT count(*) AS n FROM users WHERE id = ANY($1)', [
    ...acknowledged.users,
  ]);
  const orders = await present('SELECT count(*) AS n FROM orders WHERE id = ANY($1)', [
    ...acknowledged.orders,
  ]);
  const queries = await present(
    'SELECT count(DISTINCT email) AS n FROM queries WHERE email = ANY($1)',
    [...acknowledged.queryEmails],
  );
  expect(users).toBe(acknowledged.users.length);
  expect(orders).toBe(acknowledged.orders.length);
  expect(queries).toBe(acknowledged.queryEmails.length);

  // No order paid twice (every one the sandbox took money for); every acknowledged one paid. A
  // recovery at start (a reconciliation of captured payments) may take a moment: wait for it.
  const payments = async () => {
    const paidTwice: string[] = [];
    const ackedButUnpaid: string[] = [];
    for (const orderId of acknowledged.captured) {
      const { events } = await store.readStream(orderStreamName(orderId));
      const paid = events.filter((event) => event.type === 'OrderPaid').length;
      if (paid > 1) paidTwice.push(orderId);
      const by = acknowledged.paid.get(orderId);
      if (paid === 0 && by !== undefined && !lostPayments.has(orderId))
        ackedButUnpaid.push(orderId);
    }
    return { paidTwice, ackedButUnpaid };
  };
  await waitUntilAsync(
    async () => (await payments()).ackedButUnpaid.length === 0,
    PAYMENT_RECOVERY_MS,
    async () => '',
  ).catch(() => undefined);
  const { paidTwice, ackedButUnpaid } = await payments();
  expect(paidTwice).toEqual([]);
  // Kept, not thrown at once: the run goes on so its figures (acknowledged vs present) show how
  // often this happens; the test fails at the end.
  for (const orderId of ackedButUnpaid) {
    lostPayments.set(orderId, acknowledged.paid.get(orderId) ?? '');
  }
  const paidRows = await present(
    "SELECT count(*) AS n FROM orders WHERE id = ANY($1) AND payment_status = 'paid'",
    [...acknowledged.paid.keys()],
  );

  const lines: string[] = [];
  const code = await runAudit(
    ['verify'],
    { DATABASE_URL: database.url },
    {
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    },
  );
  expect(code, lines.join('\n')).toBe(0);

  const acknowledgedCount =
    acknowledged.users.length +
    acknowledged.orders.length +
    acknowledged.queryEmails.length +
    acknowledged.paid.size;
  return {
    acknowledged: acknowledgedCount,
    present: users + orders + queries + paidRows,
    events: Number(
      (await client.query<{ n: string }>('SELECT count(*) AS n FROM eventstore.events')).rows[0]?.n,
    ),
    catchUpMs,
  };
}

/** Projections whose checkpoint is behind `head` (the newest committed event at the check). */
async function projectionsBehind(head: string | null): Promise<string[]> {
  if (head === null) return [];
  const { rows } = await client.query<{ name: string; position: string | null }>(
    'SELECT name, position FROM projection_checkpoints',
  );
  const positions = new Map(rows.map((row) => [row.name, row.position]));
  return allProjections()
    .map((projection) => projection.name)
    .filter((name) => {
      const position = positions.get(name) ?? null;
      return position === null || position < head;
    });
}

/** Events the slowest projection still has to apply (0 when every checkpoint is at the head). */
async function projectionLag(): Promise<number> {
  const { rows } = await client.query<{ position: string | null }>(
    'SELECT min(position) AS position FROM projection_checkpoints',
  );
  const slowest = rows[0]?.position ?? null;
  let lag = 0;
  for (let after = slowest; ; ) {
    const batch = await store.readAll({ after, limit: 1000 });
    if (batch.length === 0) return lag;
    lag += batch.length;
    after = batch.at(-1)?.position ?? null;
  }
}

/** Orders the sandbox took money for that never became paid (reported, not asserted: see note). */
async function capturedButUnpaid(): Promise<string[]> {
  const unpaid: string[] = [];
  for (const orderId of acknowledged.captured) {
    const { events } = await store.readStream(orderStreamName(orderId));
    if (!events.some((event) => event.type === 'OrderPaid')) unpaid.push(orderId);
  }
  return unpaid;
}

// --- small helpers --------------------------------------------------------------------------

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function waitUntilAsync(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  what: () => Promise<string>,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(await what());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A small seeded PRNG (mulberry32): the same seed gives the same kill moments. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
