import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { userStreamName } from '@shortlist/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me, post, registerProbe, registration, uniqueEmail } from '../../testing/account-test-kit';
import { runScript } from '../../testing/run-script';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ensureAdminAccount } from './admin-account';

const ADMIN_EMAIL = 'Boss@Example.com';
const ADMIN_PASSWORD = 'first admin password';
let t: TestApp;
// The CLI keeps generated secrets in DATA_DIR: a scratch one, not the repository's .data.
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shortlist-cli-'));
  t = await createTestApp({
    env: { ADMIN_EMAIL, ADMIN_PASSWORD },
    register: registerProbe,
  });
});

afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function registrationsOf(userId: string): Promise<number> {
  const { events } = await t.services.store.readStream(userStreamName(userId));
  return events.filter((event) => event.type === 'UserRegistered').length;
}

describe('first admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('exists after start and logs in through /login with role admin', async () => {
    const login = await post(t, '/login', { email: 'boss@example.com', password: ADMIN_PASSWORD });
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json();
    expect(user).toMatchObject({ email: 'boss@example.com', role: 'admin' });
    expect((await me(t, token)).json()).toEqual({ id: user.id, role: 'admin' });
  });

  it('is not created twice by a restart or by processes starting together', async () => {
    const input = {
      store: t.services.store,
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      actor: 'system:first-admin',
    };
    const again = await ensureAdminAccount(input);
    expect(again).toMatchObject({ outcome: 'exists', role: 'admin' });
    expect(await registrationsOf(again.userId)).toBe(1);

    const email = uniqueEmail('together');
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => ensureAdminAccount({ ...input, email })),
    );
    expect(results.filter((result) => result.outcome === 'created')).toHaveLength(1);
    expect(new Set(results.map((result) => result.userId)).size).toBe(1);
    expect(await registrationsOf(results[0]?.userId ?? '')).toBe(1);
  });

  it('leaves an existing customer account as it is', async () => {
    const email = uniqueEmail('customer');
    const registered = await post(t, '/register', registration({ email }));
    const result = await ensureAdminAccount({
      store: t.services.store,
      email,
      password: ADMIN_PASSWORD,
      actor: 'system:first-admin',
    });
    expect(result).toEqual({
      outcome: 'exists',
      userId: registered.json().user.id,
      email,
      role: 'user',
    });
  });
});

const CLI = fileURLToPath(new URL('./create-admin.cli.ts', import.meta.url));

function runCli(args: string[], env: Record<string, string>, stdin = '') {
  return runScript(CLI, {
    args,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdin,
  });
}

describe('create-admin CLI', () => {
  it('creates an admin with the password from ADMIN_PASSWORD, then reports it exists', async () => {
    const email = uniqueEmail('cli');
    const first = await runCli([email], { ADMIN_PASSWORD: 'cli admin password' });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      new RegExp(`^Created admin account ${email} \\(id [0-9a-f-]{36}\\)\\.`),
    );

    // The app's projections pick the account up; then it logs in as an admin.
    await expect
      .poll(
        async () => (await post(t, '/login', { email, password: 'cli admin password' })).statusCode,
        {
          timeout: 10_000,
        },
      )
      .toBe(200);
    const login = await post(t, '/login', { email, password: 'cli admin password' });
    expect(login.json().user.role).toBe('admin');

    const second = await runCli([email], { ADMIN_PASSWORD: 'another password' });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`An admin account with ${email} already exists`);
  }, 60_000);

  it('reads the password from stdin when ADMIN_PASSWORD is unset, and refuses a short one', async () => {
    const email = uniqueEmail('prompt');
    const short = await runCli([email], {}, 'short\n');
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 8 characters');

    const piped = await runCli([email], {}, 'piped password 1\n');
    expect(piped.code).toBe(0);
    expect(piped.stdout).toContain(`Created admin account ${email}`);
  }, 60_000);

  it('refuses a missing or malformed e-mail', async () => {
    const result = await runCli(['not-an-email'], { ADMIN_PASSWORD: 'cli admin password' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage:');
  });
});
