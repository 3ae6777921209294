import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountDecider,
  type MarkOrderPaid,
  orderDecider,
  orderStreamName,
  type RegisterUser,
  userStreamName,
} from '@shortlist/domain';
import { handleCommand } from '../commands/handle-command';
import type { AbuseLimits } from '../shared/abuse-limits';
import { createTestApp, type TestApp } from './test-app';

/** The real app on its own database, with DATA_DIR (and so the file storage) in a temp dir. */
export interface OrdersTestApp extends TestApp {
  dataDir: string;
  /** Every file the storage holds now (relative paths), finished or partial. */
  storedFiles(): Promise<string[]>;
}

/**
 * Order-flow tests place dozens of uploads from one account and one address (127.0.0.1): the
 * upload quota and the service-order rate limits would end them half way. Those limits have
 * their own tests, on the production values (`limits: DEFAULT_ABUSE_LIMITS`).
 */
export const ORDER_FLOW_TEST_LIMITS: Partial<AbuseLimits> = {
  unpaidUploads: { files: 10_000, bytes: 100 * 1024 ** 3 },
  serviceOrders: { max: 10_000, timeWindowMs: 60_000 },
  serviceOrdersPerIp: { max: 10_000, timeWindowMs: 60_000 },
};

export async function createOrdersTestApp(
  options: { limits?: Partial<AbuseLimits> } = {},
): Promise<OrdersTestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shortlist-orders-'));
  const t = await createTestApp({
    env: { DATA_DIR: dataDir },
    limits: options.limits ?? ORDER_FLOW_TEST_LIMITS,
  });
  return {
    ...t,
    dataDir,
    storedFiles: async () => {
      const entries = await readdir(join(dataDir, 'files'), {
        recursive: true,
        withFileTypes: true,
      })
        .then((found) => found.filter((entry) => entry.isFile()))
        .catch(() => []);
      return entries.map((entry) => join(entry.parentPath, entry.name));
    },
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

const metadata = (actor: string) => ({
  actor,
  correlationId: randomUUID(),
  causationId: null,
  now: new Date().toISOString(),
});

/** An account as registration leaves it (a UserRegistered event), and a token for it. */
export async function registerUser(
  t: TestApp,
  options: { role?: 'user' | 'admin'; email?: string } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const role = options.role ?? 'user';
  const email = options.email ?? `${role}-${id.slice(0, 8)}@example.com`;
  const command: RegisterUser = {
    type: 'RegisterUser',
    data: {
      userId: id,
      email,
      name: 'Asha Verma',
      passwordHash: '$argon2id$x',
      role,
      referral: null,
    },
    metadata: metadata('system:test'),
  };
  const { position } = await handleCommand({
    store: t.services.store,
    streamName: userStreamName(id),
    decider: accountDecider,
    command,
  });
  await t.app.waitForProjections(position, ['users']);
  const token = await t.tokenFor({ id, role });
  return { id, email, token, auth: { authorization: `Bearer ${token}` } };
}

/** What a captured payment does to an order (the payment settlement issues this command). */
export async function markPaid(t: TestApp, orderId: string): Promise<void> {
  await t.caughtUp(['orders']);
  const row = await t.services.db
    .selectFrom('orders')
    .select(['amount', 'currency'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const command: MarkOrderPaid = {
    type: 'MarkOrderPaid',
    data: {
      paymentId: `pay_${randomBytes(7).toString('hex')}`,
      providerOrderId: `order_${randomBytes(7).toString('hex')}`,
      amount: Number(row.amount),
      currency: row.currency === 'USD' ? 'USD' : 'INR',
    },
    metadata: metadata('provider:razorpay'),
  };
  const { position } = await handleCommand({
    store: t.services.store,
    streamName: orderStreamName(orderId),
    decider: orderDecider,
    command,
  });
  await t.app.waitForProjections(position, ['orders']);
}

export interface FilePart {
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData sends it, fields and file in order. */
export function multipartForm(parts: [string, string | FilePart][]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----shortlist${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
