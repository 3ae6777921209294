import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SmtpTestServer, startSmtpTestServer } from '../../mail/testing/smtp-test-server';
import { registerNamed } from '../../testing/admin-test-kit';
import type { TestUser } from '../../testing/orders-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The Contact page's queries as the admin Queries screen works them, replies mailed over a
// real SMTP server (the `smtp-server` package on 127.0.0.1).
let smtp: SmtpTestServer;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  admin = await registerNamed(t, { name: 'Root Admin', email: 'root@example.com', role: 'admin' });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: admin.auth,
    ...(body === undefined ? {} : { payload: body }),
  });
  return { status: response.statusCode, json: () => response.json() };
}

/** A query as a visitor sends it from the Contact page; its id, found by its unique text. */
async function openQuery(email: string, message: string): Promise<string> {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/queries',
    payload: { pid: '', contactemail: email, contactmessage: message },
  });
  expect(sent.statusCode).toBe(201);
  // Waits on the read model, not a count of tries: a loaded machine only makes it slower.
  return vi.waitFor(
    async () => {
      const found = (await call('GET', `/admin/queries?q=${encodeURIComponent(message)}`)).json();
      if (found.items.length !== 1) throw new Error(`query "${message}" not in the read model yet`);
      return String(found.items[0]._id);
    },
    { timeout: 30_000, interval: 20 },
  );
}

describe('admin contact queries', () => {
  let first = '';
  let second = '';

  beforeAll(async () => {
    first = await openQuery('asha@example.com', `Where is my resume? ${randomUUID()}`);
    second = await openQuery('ravi@example.com', `Refund please ${randomUUID()}`);
  });

  it('lists open queries newest first (sort=-createdAt), searchable', async () => {
    const { status, json } = await call('GET', '/admin/queries?page=1&limit=50&sort=-createdAt');
    expect(status).toBe(200);
    const { items } = json();
    expect(items.map((item: { _id: string }) => item._id)).toEqual([second, first]);
    expect(items[1]).toEqual({
      _id: first,
      id: first,
      pid: null,
      email: 'asha@example.com',
      message: expect.stringMatching(/^Where is my resume\?/),
      status: 'open',
      createdAt: expect.any(String),
      replies: [],
    });
    const oldestFirst = (await call('GET', '/admin/queries?sort=createdAt')).json();
    expect(oldestFirst.items.map((item: { _id: string }) => item._id)).toEqual([first, second]);
    const byEmail = (await call('GET', '/admin/queries?q=RAVI@')).json();
    expect(byEmail.items.map((item: { _id: string }) => item._id)).toEqual([second]);
    const one = await call('GET', `/admin/queries/${first}`);
    expect(one.json().item._id).toBe(first);
    expect((await call('GET', `/admin/queries/${randomUUID()}`)).status).toBe(404);
  });

  it('mails a trimmed reply to the query e-mail and records it as sent', async () => {
    const before = smtp.received.length;
    const replied = await call('POST', `/admin/queries/${first}/reply`, {
      subject: '  About your resume  ',
      body: '\n  It is ready: see your orders page.  \n',
      close: false,
    });
    expect(replied.status).toBe(200);
    const { message, item } = replied.json();
    expect(message).toBe('Reply sent.');
    expect(item.status).toBe('open');
    expect(item.replies).toEqual([
      {
        at: expect.any(String),
        by: `admin:${admin.id}`,
        to: 'asha@example.com',
        subject: 'About your resume',
        body: 'It is ready: see your orders page.',
        sendOk: true,
        previewUrl: null,
      },
    ]);
    const mails = await smtp.waitFor(before + 1);
    await t.services.queue.whenIdle();
    expect(smtp.received).toHaveLength(before + 1);
    const mail = mails[before];
    expect(mail?.to).toEqual(['asha@example.com']);
    expect(mail?.subject).toBe('About your resume');
    // The reply (trimmed), then the customer's own message quoted below it.
    const text = mail?.text ?? '';
    expect(text).toMatch(/\nIt is ready: see your orders page\.\r?\n/);
    expect(text.indexOf('It is ready')).toBeLessThan(text.indexOf('> Where is my resume?'));
  });

  it('uses the default subject, and Send & Close closes the query', async () => {
    const before = smtp.received.length;
    const replied = await call('POST', `/admin/queries/${first}/reply`, {
      subject: '   ',
      body: 'Closing this one.',
      close: true,
    });
    expect(replied.status).toBe(200);
    const { item } = replied.json();
    expect(item.status).toBe('closed');
    expect(item.replies.map((reply: { subject: string }) => reply.subject)).toEqual([
      'About your resume',
      'Re: your message to Shortlist',
    ]);
    const mails = await smtp.waitFor(before + 1);
    await t.services.queue.whenIdle();
    expect(smtp.received).toHaveLength(before + 1);
    expect(mails[before]?.subject).toBe('Re: your message to Shortlist');
  });

  it('refuses a blank or missing reply, and an unknown query', async () => {
    for (const body of [{ body: '  \n ' }, { subject: 'Hi' }]) {
      const refused = await call('POST', `/admin/queries/${second}/reply`, body);
      expect({ status: refused.status, body: refused.json() }).toEqual({
        status: 400,
        body: { message: 'Please write a reply.' },
      });
    }
    const unknown = await call('POST', `/admin/queries/${randomUUID()}/reply`, { body: 'Hello' });
    expect(unknown.status).toBe(404);
  });

  it('deletes a query: gone from the list and from its page', async () => {
    const deleted = await call('DELETE', `/admin/queries/${second}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Deleted' });
    const list = (await call('GET', '/admin/queries')).json();
    expect(list.items.map((item: { _id: string }) => item._id)).toEqual([first]);
    expect((await call('GET', `/admin/queries/${second}`)).status).toBe(404);
    expect((await call('POST', `/admin/queries/${second}/reply`, { body: 'Hi' })).status).toBe(404);
    expect((await call('DELETE', `/admin/queries/${randomUUID()}`)).status).toBe(404);
  });
});
