import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ACCOUNT_MAIL_SUBJECT, RESET_MAIL_SUBJECT } from '../../mail/templates/account-mails';
import { post, registration, uniqueEmail } from '../../testing/account-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ACCOUNT_ROUTE_MESSAGES as M } from './account-messages';

// Without SMTP_URL, mail goes to DATA_DIR/outbox. By default (any NODE_ENV) /forgot answers the
// same bytes for every e-mail and only admins read the outbox, through /api/admin/outbox. Under
// MAIL_PREVIEW_LINKS (development only) every answer links a mail in the outbox, open to anyone.
// One app at a time (each describe starts its own): the test database has few connections.
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shortlist-outbox-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The app for one describe, started before its tests and closed after them. */
function appFor(env: Record<string, string>, name: string): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...env, DATA_DIR: join(dataDir, name) } });
  });
  afterAll(async () => {
    await t?.close();
  });
  return () => {
    if (t === undefined) throw new Error('the app has not started');
    return t;
  };
}

async function registered(t: TestApp): Promise<string> {
  const email = uniqueEmail('outbox');
  expect((await post(t, '/register', registration({ email }))).statusCode).toBe(201);
  return email;
}

const get = (t: TestApp, url: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

interface OutboxItem {
  id: string;
  to: string;
  subject: string;
  sentAt: string;
}

/** The admin's view of the outbox once a mail to `to` is in it (the mail job runs queued). */
async function outboxItemTo(t: TestApp, adminToken: string, to: string): Promise<OutboxItem> {
  let found: OutboxItem | undefined;
  await expect
    .poll(async () => {
      const list = await get(t, '/api/admin/outbox', adminToken);
      expect(list.statusCode).toBe(200);
      const items: OutboxItem[] = list.json().items;
      found = items.find((item) => item.to === to);
      return found !== undefined;
    })
    .toBe(true);
  if (found === undefined) throw new Error('unreachable');
  return found;
}

const RESET_LINK = /<a href="http:\/\/localhost:3000\/forgot\?token=[^"]+">/;

describe('forgot by default (no preview switch)', () => {
  const app = appFor({ NODE_ENV: 'development' }, 'plain');
  it('answers the same bytes for an existing and an unknown e-mail', async () => {
    const plain = app();
    const existing = await post(plain, '/forgot', { email: await registered(plain) });
    const unknown = await post(plain, '/forgot', { email: uniqueEmail('nobody') });
    expect(existing.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(existing.body).toBe(JSON.stringify({ message: M.resetLinkSent }));
    expect(unknown.body).toBe(existing.body);
    expect(unknown.headers['content-length']).toBe(existing.headers['content-length']);
  });

  it('has no open outbox route, even for a mail the outbox holds', async () => {
    const plain = app();
    const email = await registered(plain);
    await post(plain, '/forgot', { email });
    const admin = await plain.tokenFor({ id: randomUUID(), role: 'admin' });
    const item = await outboxItemTo(plain, admin, email);
    const open = await get(plain, `/api/dev/outbox/${item.id}`);
    expect(open.statusCode).toBe(404);
    expect(open.body).not.toContain('token=');
  });

  it('lets an admin, and only an admin, list the outbox and open the reset mail', async () => {
    const plain = app();
    const email = await registered(plain);
    const nobody = uniqueEmail('nobody');
    await post(plain, '/forgot', { email: nobody });
    await post(plain, '/forgot', { email });
    const admin = await plain.tokenFor({ id: randomUUID(), role: 'admin' });
    const customer = await plain.tokenFor({ id: randomUUID(), role: 'user' });
    const influencer = await plain.tokenFor({ id: randomUUID(), role: 'influencer' });

    const item = await outboxItemTo(plain, admin, email);
    expect(item.subject).toBe(RESET_MAIL_SUBJECT);
    expect(Date.parse(item.sentAt)).not.toBeNaN();
    // Without previews nothing is written for an address no account uses.
    const list = await get(plain, '/api/admin/outbox', admin);
    expect(list.json().items.some((entry: OutboxItem) => entry.to === nobody)).toBe(false);

    const page = await get(plain, `/api/admin/outbox/${item.id}`, admin);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(email);
    expect(page.body).toMatch(RESET_LINK);

    for (const url of ['/api/admin/outbox', `/api/admin/outbox/${item.id}`]) {
      expect((await get(plain, url)).statusCode).toBe(401);
      expect((await get(plain, url, customer)).statusCode).toBe(403);
      expect((await get(plain, url, influencer)).statusCode).toBe(403);
    }
    const missing = await get(
      plain,
      '/api/admin/outbox/00000000-0000-4000-8000-000000000000',
      admin,
    );
    expect(missing.statusCode).toBe(404);
    expect((await get(plain, '/api/admin/outbox/..%2F..%2Fsecret', admin)).statusCode).toBe(400);
  });
});

describe('forgot with MAIL_PREVIEW_LINKS', () => {
  const app = appFor({ NODE_ENV: 'development', MAIL_PREVIEW_LINKS: 'true' }, 'previews');
  it('links a mail for every address: the reset link, or "no account uses this address"', async () => {
    const previews = app();
    const email = await registered(previews);
    const nobody = uniqueEmail('nobody');
    const existing = await post(previews, '/forgot', { email });
    const unknown = await post(previews, '/forgot', { email: nobody });
    const PREVIEW = /^http:\/\/localhost:3000\/api\/dev\/outbox\/[0-9a-f-]{36}$/;
    for (const response of [existing, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(M.resetLinkSent);
      expect(response.json().devPreviewUrl).toMatch(PREVIEW);
    }
    // Each answer names its own random mail id; apart from it the bytes are the same.
    const withoutId = (body: string) => body.replace(/[0-9a-f-]{36}/, '{id}');
    expect(withoutId(unknown.body)).toBe(withoutId(existing.body));
    expect(unknown.body.length).toBe(existing.body.length);

    const pageOf = async (url: string) => {
      const path = new URL(url).pathname;
      await expect.poll(async () => (await get(previews, path)).statusCode).toBe(200);
      return get(previews, path);
    };
    const resetPage = await pageOf(existing.json().devPreviewUrl);
    expect(resetPage.headers['content-security-policy']).toContain("default-src 'none'");
    expect(resetPage.body).toContain(email);
    expect(resetPage.body).toMatch(RESET_LINK);
    const noAccountPage = await pageOf(unknown.json().devPreviewUrl);
    expect(noAccountPage.body).toContain(nobody);
    expect(noAccountPage.body).toContain(NO_ACCOUNT_MAIL_SUBJECT);
    expect(noAccountPage.body).toContain('no account uses this address');
    expect(noAccountPage.body).not.toContain('token=');
  });

  it('answers 404 for a mail the outbox does not have, 400 for a name that is no mail id', async () => {
    const previews = app();
    const missing = await get(previews, '/api/dev/outbox/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await get(previews, '/api/dev/outbox/..%2F..%2Fsecret')).statusCode).toBe(400);
  });
});

describe('forgot in production without SMTP', () => {
  const app = appFor({ NODE_ENV: 'production' }, 'production');
  it('gives no preview link and serves no open outbox page', async () => {
    const production = app();
    const email = await registered(production);
    const response = await post(production, '/forgot', { email });
    expect(response.json()).toEqual({ message: M.resetLinkSent });
    const admin = await production.tokenFor({ id: randomUUID(), role: 'admin' });
    const item = await outboxItemTo(production, admin, email);
    expect((await get(production, `/api/dev/outbox/${item.id}`)).statusCode).toBe(404);
  });
});
