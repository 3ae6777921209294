import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  orderDecider,
  orderStreamName,
  type PlaceOrder,
  paymentStreamName,
} from '@shortlist/domain';
import { placeOrderData } from '@shortlist/domain/testing';
import { createPostgresEventStore, type EventStore } from '@shortlist/eventstore';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { createRazorpaySandbox, type RazorpaySandbox } from '@shortlist/razorpay-sandbox';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { handleCommand } from '../../commands/handle-command';
import { encryptingEventStore } from '../../personal-data/encrypting-event-store';
import { createPostgresKeyVault } from '../../personal-data/key-vault';
import { createLogger } from '../../plugins/logging';
import { createSandboxProvider } from '../../shared/payments/sandbox.provider';
import { freePort } from '../../testing/free-port';
import { reconcilePayments } from './reconcile-payments';

// Payment and order are two streams, written one after the other by verify, the
// webhook, the reconciliation job and the admin refund. Kill -9 the real server between the two
// writes, start it again on the same database, and each recovery path must leave the order paid
// (or refunded) exactly once: the customer's verify retried, the reconciliation job, the admin's
// refund pressed again.
const CHILD = fileURLToPath(new URL('./payment-crash.child.ts', import.meta.url));
const SANDBOX_KEY_ID = 'rzp_test_ShortlistSandbox';

let database: TestDatabase;
let dataDir: string;
let rawStore: EventStore;
let vaultPool: pg.Pool;
/** The sealing store the server uses. */
let store: EventStore;
/** The server's sandbox account, read from the same tables: what the provider really did. */
let sandbox: RazorpaySandbox;
const jwtSecret = randomBytes(32).toString('hex');
const customerId = randomUUID();
const adminId = randomUUID();
const children = new Set<ChildProcess>();

beforeAll(async () => {
  database = await createTestDatabase('api_payment_crash');
  dataDir = await mkdtemp(join(tmpdir(), 'shortlist-payment-crash-'));
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await sandbox?.close();
  await rawStore?.close();
  await vaultPool?.end();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Server {
  url: string;
  tokens: { user: string; admin: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): void;
}

async function startServer(crashAfter: string | null): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      CUSTOMER_ID: customerId,
      ADMIN_ID: adminId,
      ...(crashAfter === null ? {} : { CRASH_AFTER: crashAfter }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  const tokens = { user: '', admin: '' };
  const url = await new Promise<string>((resolve, reject) => {
    if (!child.stdout) throw new Error('no stdout');
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [word, role, , token] = line.split(' ');
      if (word === 'token' && (role === 'user' || role === 'admin') && token) tokens[role] = token;
      if (word === 'ready' && role) resolve(role);
    });
    exited.then(({ code, signal }) => reject(new Error(`the server exited (${code ?? signal})`)));
  });
  return { url, tokens, exited, stop: () => child.kill('SIGTERM') };
}

async function call(
  server: Server,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function placeOrder(): Promise<string> {
  const orderId = randomUUID();
  const command: PlaceOrder = {
    type: 'PlaceOrder',
    data: placeOrderData({
      orderId,
      userId: customerId,
      userEmail: 'crash@example.com',
      service: 'resume_from_scratch',
      customerUploads: [],
    }),
    metadata: {
      actor: `user:${customerId}`,
      correlationId: randomUUID(),
      causationId: null,
      now: new Date().toISOString(),
    },
  };
  await handleCommand({
    store,
    streamName: orderStreamName(orderId),
    decider: orderDecider,
    command,
  });
  return orderId;
}

/** Checkout and the sandbox's Pay, as the browser does them: the verify body it then sends. */
async function checkoutAndPay(server: Server, orderId: string) {
  const started = await call(server, '/api/payments/checkout', { orderId }, server.tokens.user);
  expect(started.status).toBe(200);
  const providerOrderId = (started.body.razorpay as { order_id: string }).order_id;
  const paid = await call(server, '/sandbox/razorpay/checkout/pay', {
    key: SANDBOX_KEY_ID,
    order_id: providerOrderId,
    method: 'upi',
  });
  expect(paid.status).toBe(200);
  return { orderId, ...(paid.body as { razorpay_payment_id: string }) };
}

/** A request the server dies in: no answer comes, and the process ends by SIGKILL. */
async function diesDuring(server: Server, request: Promise<unknown>): Promise<void> {
  await expect(request).rejects.toThrow();
  expect((await server.exited).signal).toBe('SIGKILL');
}

const typesOf = async (stream: string) =>
  (await store.readStream(stream)).events.map((event) => event.type);
const countOf = async (stream: string, type: string) =>
  (await typesOf(stream)).filter((candidate) => candidate === type).length;

it('ends each payment paid exactly once, and the refund refunded once, after kill -9 between the two writes', async () => {
  // 1. Verify of order A: the payment stream has PaymentVerified, the server dies before OrderPaid.
  const first = await startServer('PaymentVerified');
  rawStore = createPostgresEventStore({ connectionString: database.url, poolMax: 2 });
  vaultPool = new pg.Pool({ connectionString: database.url, max: 2 });
  store = encryptingEventStore(rawStore, createPostgresKeyVault(vaultPool));
  const orderA = await placeOrder();
  const verifyA = await checkoutAndPay(first, orderA);
  await diesDuring(first, call(first, '/api/payments/verify', verifyA, first.tokens.user));
  expect(await typesOf(paymentStreamName(orderA))).toContain('PaymentVerified');
  expect(await typesOf(orderStreamName(orderA))).toEqual(['OrderPlaced']);

  // 2. The same for order B, on a server started again.
  const second = await startServer('PaymentVerified');
  const orderB = await placeOrder();
  const verifyB = await checkoutAndPay(second, orderB);
  await diesDuring(second, call(second, '/api/payments/verify', verifyB, second.tokens.user));
  expect(await typesOf(orderStreamName(orderB))).toEqual(['OrderPlaced']);

  // 3. Restarted: the customer's browser retries A's verify, and the answer is true: paid.
  const third = await startServer('RefundIssued');
  expect(await call(third, '/api/payments/verify', verifyA, third.tokens.user)).toEqual({
    status: 200,
    body: { message: 'Payment verified.', paymentStatus: 'paid' },
  });
  expect(await typesOf(orderStreamName(orderA))).toEqual(['OrderPlaced', 'OrderPaid']);
  //    …then the admin refunds A, and the server dies between RefundIssued and OrderRefunded.
  const paymentA = verifyA.razorpay_payment_id;
  await diesDuring(
    third,
    call(third, `/api/admin/orders/${orderA}/refund`, {}, third.tokens.admin),
  );
  expect(await countOf(paymentStreamName(orderA), 'RefundIssued')).toBe(1);
  expect(await countOf(orderStreamName(orderA), 'OrderRefunded')).toBe(0);

  // 4. Nobody reports B again: the reconciliation job (run here, on the same database, without
  //    its minimum age) finds the capture that paid nothing and pays B with it.
  sandbox = await createRazorpaySandbox({
    keyId: SANDBOX_KEY_ID,
    keySecret: 'not used to sign here',
    webhookSecret: 'not used to sign here',
    database: { connectionString: database.url },
    webhookUrl: null,
  });
  const reconciled = await reconcilePayments(
    {
      store,
      log: createLogger('silent'),
      payments: {
        provider: createSandboxProvider(sandbox, { checkoutScriptUrl: '' }),
        keySecret: '',
        webhookSecret: '',
        instrumentKey: '',
        sandbox,
        close: async () => undefined,
      },
    },
    { minAgeMs: 0 },
  );
  expect(reconciled).toMatchObject({ fulfilled: 1, refunded: 0, failed: 0 });
  expect(await typesOf(orderStreamName(orderB))).toEqual(['OrderPlaced', 'OrderPaid']);

  // 5. Restarted without a crash: the admin presses Refund again and it completes from the
  //    recorded refund; B's late verify changes nothing.
  const fourth = await startServer(null);
  const refunded = await call(
    fourth,
    `/api/admin/orders/${orderA}/refund`,
    {},
    fourth.tokens.admin,
  );
  expect(refunded.status).toBe(200);
  expect(refunded.body.order).toMatchObject({ status: 'refunded' });
  expect((await call(fourth, '/api/payments/verify', verifyB, fourth.tokens.user)).status).toBe(
    200,
  );
  fourth.stop();
  expect(await fourth.exited).toEqual({ code: 0, signal: null });

  // Each order paid exactly once; A refunded once, with one refund at the provider.
  expect(await typesOf(orderStreamName(orderA))).toEqual([
    'OrderPlaced',
    'OrderPaid',
    'OrderRefunded',
  ]);
  expect(await countOf(paymentStreamName(orderA), 'RefundIssued')).toBe(1);
  expect(await sandbox.refundsOf(paymentA)).toHaveLength(1);
  expect(await typesOf(orderStreamName(orderB))).toEqual(['OrderPlaced', 'OrderPaid']);
  expect(await countOf(paymentStreamName(orderB), 'PaymentVerified')).toBe(1);
}, 240_000);
