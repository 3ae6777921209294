import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../main/start-server';
import { freePort } from '../testing/free-port';
import { minimalDocx, minimalPdf } from './testing/document-fixtures';
import {
  S3_TEST_CREDENTIALS,
  type S3TestServer,
  startS3TestServer,
} from './testing/s3-test-server';

/*
 * Two API instances on one database, each with its own DATA_DIR as two hosts would have: a
 * customer's upload through one is downloaded through the other, an admin's delivery the same
 * way round, and once the customer deletes the order its files are gone from the storage both
 * share. Run with PostgreSQL storage (the services-mode default) and with S3; with local disk,
 * the way every instance stored files before, the second instance cannot find the upload.
 */

const JWT_SECRET = randomBytes(32).toString('hex');
const ADMIN = { email: 'files-admin@shortlist.test', password: 'two-hosts-admin-1' };

let s3: S3TestServer;
const savedCredentials = {
  id: process.env.AWS_ACCESS_KEY_ID,
  secret: process.env.AWS_SECRET_ACCESS_KEY,
};

beforeAll(async () => {
  s3 = await startS3TestServer();
  // The S3 adapter takes its credentials from the SDK's chain (the process environment), as
  // in production.
  process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
});

afterAll(async () => {
  await s3?.close();
  for (const [name, value] of [
    ['AWS_ACCESS_KEY_ID', savedCredentials.id],
    ['AWS_SECRET_ACCESS_KEY', savedCredentials.secret],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

interface Hosts {
  a: RunningServer;
  b: RunningServer;
  dataDirs: string[];
  databaseUrl: string;
  close(): Promise<void>;
}

/** Two instances, one database, two data directories; started one after the other. */
async function startTwoHosts(env: Record<string, string>): Promise<Hosts> {
  const database: TestDatabase = await createTestDatabase('api_two_hosts');
  const dataDirs = [
    await mkdtemp(join(tmpdir(), 'shortlist-host-a-')),
    await mkdtemp(join(tmpdir(), 'shortlist-host-b-')),
  ];
  const servers: RunningServer[] = [];
  const close = async () => {
    for (const server of servers) await server.close();
    await database.drop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const dataDir of dataDirs) {
      servers.push(
        await startServer({
          env: {
            NODE_ENV: 'test',
            HOST: '127.0.0.1',
            PORT: String(await freePort()),
            DATABASE_URL: database.url,
            DATA_DIR: dataDir,
            JWT_SECRET,
            LOG_LEVEL: 'fatal',
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
            ...env,
          },
        }),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  const [a, b] = servers;
  if (!a || !b) throw new Error('two servers expected');
  return { a, b, dataDirs, databaseUrl: database.url, close };
}

async function call(
  server: RunningServer,
  path: string,
  init: { method?: string; token?: string; json?: unknown; form?: FormData } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | FormData | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form !== undefined) {
    body = init.form;
  }
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(body === undefined ? {} : { body }),
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

const json = (answer: { bytes: Buffer }) => JSON.parse(answer.bytes.toString('utf8'));

/** Files under a data directory's `files/`: where local disk storage would have put them. */
async function localFiles(dataDir: string): Promise<string[]> {
  const entries = await readdir(join(dataDir, 'files'), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** One customer order with an upload and a delivery, across the two hosts, then its deletion. */
async function serveEachOthersFiles(hosts: Hosts, storedBytes: () => Promise<number>) {
  const { a, b } = hosts;
  const email = `two-hosts-${randomUUID()}@shortlist.test`;
  const registered = await call(a, '/api/register', {
    method: 'POST',
    json: { name: 'Ira Sen', email, password: 'two-hosts-pass-1', cpassword: 'two-hosts-pass-1' },
  });
  expect(registered.status).toBe(201);
  const customer = json(registered).token as string;
  const login = await call(b, '/api/login', { method: 'POST', json: ADMIN });
  expect(login.status).toBe(200);
  const admin = json(login).token as string;

  // The customer uploads through A.
  const form = new FormData();
  form.append('service', 'resume_rewrite');
  form.append('description', '');
  form.append('file', new Blob([minimalPdf()], { type: 'application/pdf' }), 'cv.pdf');
  form.append('currency', 'inr');
  const placed = await call(a, '/api/orders/service', {
    method: 'POST',
    token: customer,
    form,
  });
  expect(placed.status).toBe(201);
  const orderId = json(placed).orderId as string;
  expect(await storedBytes()).toBe(minimalPdf().length);

  // B serves it: to the customer and to an admin.
  const order = json(await call(b, `/api/orders/${orderId}`, { token: customer })).order;
  const uploadUrl = order.customerUploads[0].url as string;
  for (const token of [customer, admin]) {
    const download = await call(b, uploadUrl, { token });
    expect(download.status).toBe(200);
    expect(download.bytes.equals(minimalPdf())).toBe(true);
  }

  // The admin delivers through B; A serves the delivery to the customer.
  const delivery = new FormData();
  delivery.append(
    'file',
    new Blob([minimalDocx()], {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    }),
    'Final resume.docx',
  );
  const attached = await call(b, `/api/admin/orders/${orderId}/attachments`, {
    method: 'POST',
    token: admin,
    form: delivery,
  });
  expect(attached.status).toBe(200);
  const seenByA = json(await call(a, `/api/orders/${orderId}`, { token: customer })).order;
  const deliveryUrl = seenByA.attachments[0].url as string;
  const delivered = await call(a, deliveryUrl, { token: customer });
  expect(delivered.status).toBe(200);
  expect(delivered.bytes.equals(minimalDocx())).toBe(true);
  expect(await storedBytes()).toBe(minimalPdf().length + minimalDocx().length);

  // Nothing landed on either host's disk.
  for (const dataDir of hosts.dataDirs) expect(await localFiles(dataDir)).toEqual([]);

  // The customer deletes the (unpaid) order through B: its files are erased for both hosts.
  const deleted = await call(b, `/api/orders/${orderId}`, { method: 'DELETE', token: customer });
  expect(deleted.status).toBe(200);
  for (const [host, url] of [
    [a, uploadUrl],
    [b, uploadUrl],
    [a, deliveryUrl],
    [b, deliveryUrl],
  ] as const) {
    expect((await call(host, url, { token: admin })).status).toBeGreaterThanOrEqual(400);
  }
  expect(await storedBytes()).toBe(0);
}

describe('two API instances, two data directories, one database', () => {
  it('serve each other’s files with PostgreSQL storage (the services-mode default)', async () => {
    const hosts = await startTwoHosts({});
    const pool = new pg.Pool({ connectionString: hosts.databaseUrl, max: 1 });
    try {
      await serveEachOthersFiles(hosts, async () => {
        const { rows } = await pool.query<{ bytes: string }>(
          'SELECT coalesce(sum(octet_length(data)), 0) AS bytes FROM stored_file_chunks',
        );
        return Number(rows[0]?.bytes ?? 0);
      });
    } finally {
      await pool.end();
      await hosts.close();
    }
  });

  it('serve each other’s files with S3 storage', async () => {
    const bucket = await s3.createBucket();
    const hosts = await startTwoHosts({
      FILE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_KEY_PREFIX: 'files/',
    });
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3_TEST_CREDENTIALS,
    });
    try {
      await serveEachOthersFiles(hosts, async () => {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (listed.Contents ?? []).reduce((sum, object) => sum + (object.Size ?? 0), 0);
      });
    } finally {
      client.destroy();
      await hosts.close();
    }
  });

  it('cannot, with FILE_STORAGE=local: the upload is on the first host’s disk only', async () => {
    const hosts = await startTwoHosts({ FILE_STORAGE: 'local' });
    try {
      const { a, b } = hosts;
      const email = `two-hosts-${randomUUID()}@shortlist.test`;
      const registered = await call(a, '/api/register', {
        method: 'POST',
        json: {
          name: 'Ira Sen',
          email,
          password: 'two-hosts-pass-1',
          cpassword: 'two-hosts-pass-1',
        },
      });
      const customer = json(registered).token as string;
      const form = new FormData();
      form.append('service', 'resume_rewrite');
      form.append('description', '');
      form.append('file', new Blob([minimalPdf()], { type: 'application/pdf' }), 'cv.pdf');
      form.append('currency', 'inr');
      const placed = await call(a, '/api/orders/service', {
        method: 'POST',
        token: customer,
        form,
      });
      const orderId = json(placed).orderId as string;
      const url = `/api/orders/${orderId}/uploads/0`;
      expect((await call(a, url, { token: customer })).status).toBe(200);
      expect((await call(b, url, { token: customer })).status).toBe(404);
      expect(await localFiles(hosts.dataDirs[0] ?? '')).toHaveLength(1);
    } finally {
      await hosts.close();
    }
  });
});
