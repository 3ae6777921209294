import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxDir } from '../../../mail/create-mailer';
import { createOutboxMailer } from '../../../mail/outbox.mailer';
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

describe('the outbox for the admin app', () => {
  it('lists newest first, finds mails by recipient, pages, and opens one with both parts', async () => {
    const mailer = createOutboxMailer({
      dir: outboxDir(t.config),
      from: 'Shortlist <support@shortlist.example>',
      previewBaseUrl: null,
    });
    const run = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (const [index, to] of [`ravi-${run}@example.com`, `meera-${run}@example.com`].entries()) {
      for (let n = 0; n < 3; n += 1) {
        const id = randomUUID();
        ids.push(id);
        await mailer.send({
          id,
          to,
          subject: `Mail ${index}-${n}`,
          text: `Hello ${n}\nhttp://localhost:3000/forgot?token=t${n}`,
          html: `<p>Hello <b>${n}</b></p><script>alert(1)</script>`,
        });
        // File times order the outbox: make each mail's time its own.
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    }
    await mailer.close();

    const found = await asAdmin('GET', `/api/admin/outbox?q=${encodeURIComponent(`MEERA-${run}`)}`);
    expect(found.statusCode, found.body).toBe(200);
    const page = found.json<{
      items: { id: string; to: string; subject: string }[];
      total: number;
    }>();
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.subject)).toEqual(['Mail 1-2', 'Mail 1-1', 'Mail 1-0']);
    expect(page.items.every((item) => item.to === `meera-${run}@example.com`)).toBe(true);

    const second = await asAdmin('GET', `/api/admin/outbox?q=${run}&limit=4&page=2`);
    const secondPage = second.json<{ items: { subject: string }[]; total: number }>();
    expect(secondPage.total).toBe(6);
    expect(secondPage.items.map((item) => item.subject)).toEqual(['Mail 0-1', 'Mail 0-0']);

    const none = await asAdmin('GET', '/api/admin/outbox?q=nobody-at-all');
    expect(none.json()).toEqual({ items: [], total: 0 });

    const opened = await asAdmin('GET', `/api/admin/outbox/${ids[4]}/content`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.json()).toEqual({
      item: {
        id: ids[4],
        from: 'Shortlist <support@shortlist.example>',
        to: `meera-${run}@example.com`,
        subject: 'Mail 1-1',
        sentAt: expect.any(String),
        text: 'Hello 1\nhttp://localhost:3000/forgot?token=t1',
        html: '<p>Hello <b>1</b></p><script>alert(1)</script>',
      },
    });
    expect((await asAdmin('GET', `/api/admin/outbox/${randomUUID()}/content`)).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${ids[4]}/content` }))
        .statusCode,
    ).toBe(401);
    const customer = await t.tokenFor({ id: randomUUID(), role: 'user' });
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${ids[4]}/content`,
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(asCustomer.statusCode).toBe(403);
  });
});
