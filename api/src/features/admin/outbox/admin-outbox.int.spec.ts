import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';

// Embedded mode (no SMTP_URL): a reply to a contact query goes to the local outbox, and its
// record links the copy where an admin can open it, never the open development route.
let dataDir: string;
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shortlist-admin-outbox-'));
  t = await createTestApp({ env: { NODE_ENV: 'development', DATA_DIR: dataDir } });
  adminToken = await t.tokenFor({ id: randomUUID(), role: 'admin' });
});

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const asAdmin = (method: 'GET' | 'POST', url: string, body?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${adminToken}` },
    ...(body === undefined ? {} : { payload: body }),
  });

describe('a reply to a contact query in embedded mode', () => {
  it('records a preview link to the admin outbox, which shows the reply to admins only', async () => {
    const message = `Where is my resume? ${randomUUID()}`;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/queries',
      payload: { pid: '', contactemail: 'asha@example.com', contactmessage: message },
    });
    expect(sent.statusCode).toBe(201);
    const queryId = await vi.waitFor(
      async () => {
        const found = await asAdmin('GET', `/api/admin/queries?q=${encodeURIComponent(message)}`);
        const items: { _id: string }[] = found.json().items;
        if (items.length !== 1) throw new Error('query not in the read model yet');
        return items[0]?._id ?? '';
      },
      { timeout: 30_000, interval: 20 },
    );

    const replied = await asAdmin('POST', `/api/admin/queries/${queryId}/reply`, {
      subject: 'Your resume',
      body: 'It is on its way.',
    });
    expect(replied.statusCode).toBe(200);
    const [reply] = replied.json().item.replies;
    expect(reply.sendOk).toBe(true);
    expect(reply.previewUrl).toMatch(
      /^http:\/\/localhost:3000\/api\/admin\/outbox\/[0-9a-f-]{36}$/,
    );

    const path = new URL(reply.previewUrl).pathname;
    const page = await asAdmin('GET', path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('It is on its way.');
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    const customer = await t.tokenFor({ id: randomUUID(), role: 'user' });
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(asCustomer.statusCode).toBe(403);
  });
});
