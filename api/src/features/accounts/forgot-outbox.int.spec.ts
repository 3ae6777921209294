import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ACCOUNT_ROUTE_MESSAGES as M } from './account-messages';
import { post, registration, uniqueEmail } from './testing/account-test-kit';

// Without SMTP_URL, mail goes to DATA_DIR/outbox; outside production /forgot then gives the
// preview link of the mail (SPEC §7 devPreviewUrl), and in production neither link nor page.
let dataDir: string;
let dev: TestApp;
let production: TestApp;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shortlist-outbox-'));
  dev = await createTestApp({ env: { NODE_ENV: 'development', DATA_DIR: dataDir } });
  production = await createTestApp({
    env: { NODE_ENV: 'production', DATA_DIR: join(dataDir, 'prod') },
  });
});

afterAll(async () => {
  await dev?.close();
  await production?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function registered(t: TestApp): Promise<string> {
  const email = uniqueEmail('outbox');
  expect((await post(t, '/register', registration({ email }))).statusCode).toBe(201);
  return email;
}

describe('forgot with the dev outbox', () => {
  it('links the outbox copy of the reset mail, which holds the reset link', async () => {
    const email = await registered(dev);
    const response = await post(dev, '/forgot', { email });
    expect(response.statusCode).toBe(200);
    const { message, devPreviewUrl } = response.json();
    expect(message).toBe(M.resetLinkSent);
    expect(devPreviewUrl).toMatch(/^http:\/\/localhost:3000\/api\/dev\/outbox\/[0-9a-f-]{36}$/);

    const path = new URL(devPreviewUrl).pathname;
    await expect
      .poll(async () => (await dev.app.inject({ method: 'GET', url: path })).statusCode)
      .toBe(200);
    const page = await dev.app.inject({ method: 'GET', url: path });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(email);
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/forgot\?token=[^"]+">/);
  });

  it('gives no preview link for an unknown e-mail', async () => {
    const response = await post(dev, '/forgot', { email: uniqueEmail('nobody') });
    expect(response.json()).toEqual({ message: M.resetLinkSent });
  });

  it('answers 404 for a mail the outbox does not have', async () => {
    const missing = await dev.app.inject({
      method: 'GET',
      url: '/api/dev/outbox/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    const invalid = await dev.app.inject({
      method: 'GET',
      url: '/api/dev/outbox/..%2F..%2Fsecret',
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('forgot in production without SMTP', () => {
  it('gives no preview link and serves no outbox page', async () => {
    const email = await registered(production);
    const response = await post(production, '/forgot', { email });
    expect(response.json()).toEqual({ message: M.resetLinkSent });
    const page = await production.app.inject({
      method: 'GET',
      url: '/api/dev/outbox/00000000-0000-4000-8000-000000000000',
    });
    expect(page.statusCode).toBe(404);
  });
});
