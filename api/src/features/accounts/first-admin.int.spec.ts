import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../main/start-server';
import { freePort } from '../../testing/free-port';
import { createLogCollector, createTestApp, type TestApp } from '../../testing/test-app';

const admin = { email: 'owner@shortlist.test', password: 'owner-pass-1' };

describe('the first-admin link (POST /api/setup/first-admin)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const opened = await t.app.firstAdminSetup.openIfNoAdmin();
    if (opened === null) throw new Error('a fresh database has no admin');
    token = opened;
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (
    body: object,
    options: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/setup/first-admin',
      payload: body,
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    });
  const form = (changes: object = {}) => ({
    token,
    email: admin.email,
    password: admin.password,
    cpassword: admin.password,
    ...changes,
  });

  it('answers only this machine, directly, and only the printed token', async () => {
    const remote = await post(form(), { remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toBe(
      'The setup link works only in a browser on the machine that runs the server.',
    );
    // A proxy on this host makes every visitor look local: forwarded requests are refused too.
    const proxied = await post(form(), { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
    const guessed = await post(form({ token: randomBytes(32).toString('base64url') }));
    expect(guessed.statusCode).toBe(410);
    expect(guessed.json().message).toBe(
      'This setup link is not valid (it works once). Restart the server to print a new one.',
    );
    const mismatched = await post(form({ cpassword: 'something-else' }));
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().message).toBe('Passwords do not match.');
  });

  it('creates the admin once; the link is spent afterwards', async () => {
    const created = await post(form());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      message: 'Admin account created. Log in with it to open the admin app.',
    });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: admin });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');

    const again = await post(form({ email: 'second@shortlist.test' }));
    expect(again.statusCode).toBe(410);
    // With an admin in place no new link opens.
    expect(await t.app.firstAdminSetup.openIfNoAdmin()).toBeNull();
  });
});

describe('npm start on a first run', () => {
  let database: TestDatabase;
  let dataDir: string;
  let server: RunningServer | null = null;
  beforeAll(async () => {
    database = await createTestDatabase('firstrun');
    dataDir = await mkdtemp(join(tmpdir(), 'shortlist-firstrun-'));
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) => {
    const port = await freePort();
    return startServer({
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        ...env,
      },
      logDestination: createLogCollector(),
    });
  };

  it('prints the one-time admin link, where mail goes and that payments are simulated', async () => {
    server = await start();
    const [link, mail, payments, ...rest] = server.notices;
    expect(link).toMatch(
      new RegExp(
        `^No admin account yet\\. To create the first one, open this link in a browser on this machine \\(it works once\\): ${server.url}/admin/setup#token=[A-Za-z0-9_-]{43}$`,
      ),
    );
    expect(mail).toBe(
      `Mail is not delivered: it is kept in the local outbox (${join(dataDir, 'outbox')}), which admins read at ${server.url}/admin/outbox. Set SMTP_URL to send it.`,
    );
    expect(payments).toMatch(/^Payments are simulated by the local Razorpay sandbox/);
    expect(rest).toEqual([]);
    const config = await fetch(`${server.url}/api/config`);
    expect(await config.json()).toEqual({ maintenance: false, paymentsSimulated: true });

    // The printed link works over real HTTP from this machine.
    const token = (link ?? '').split('#token=')[1] ?? '';
    const created = await fetch(`${server.url}/api/setup/first-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, ...admin, cpassword: admin.password }),
    });
    expect(created.status).toBe(201);
    await server.close();
    server = null;
  });

  it('prints no link once an admin exists; names the SMTP host only; says maintenance is on', async () => {
    server = await start({
      MAINTENANCE: 'true',
      SMTP_URL: 'smtp://mailer:secret-password@mail.example.com:2525',
    });
    expect(server.notices).toEqual([
      'Mail goes to the SMTP server mail.example.com:2525.',
      expect.stringMatching(/^Payments are simulated/),
      'MAINTENANCE is on: the customer site shows only the maintenance screen.',
    ]);
    const config = await fetch(`${server.url}/api/config`);
    expect(await config.json()).toEqual({ maintenance: true, paymentsSimulated: true });
  });
});
