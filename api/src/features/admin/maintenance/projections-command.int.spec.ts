import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  allProjections,
  createKysely,
  PROJECTION_NAMES,
  silentLogger,
  startProjectors,
} from '@shortlist/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registration } from '../../../testing/account-test-kit';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { runProjectionsCommand } from './projections-command';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');

let t: TestApp;
let pool: pg.Pool;
const account = registration({ name: 'Meera Iyer' });
let userId = '';

beforeAll(async () => {
  // The test runs the projections itself, to stop them once the account is registered: a
  // rebuild replays inline only while no runner holds the projection, as with the app stopped.
  t = await createTestApp({ runProjections: false });
  const runnerDb = createKysely({ connectionString: t.databaseUrl, poolMax: 10 });
  const runner = startProjectors({
    store: t.services.store,
    db: runnerDb,
    projections: allProjections(),
    logger: silentLogger,
  });
  try {
    const registered = await post(t, '/register', account);
    expect(registered.statusCode).toBe(201);
  } finally {
    await runner.stop();
    await runnerDb.destroy();
  }
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
  const row = await pool.query<{ id: string }>('select id from users where email = $1', [
    account.email,
  ]);
  userId = row.rows[0]?.id ?? '';
});

afterAll(async () => {
  await pool?.end();
  await t?.close();
});

const quiet = { logger: silentLogger };

const nameOfUser = async () =>
  (await pool.query<{ name: string | null }>('select name from users where id = $1', [userId]))
    .rows[0]?.name;

/** `npm run projections -- …` as a shell runs it: exit code and output. */
async function shell(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [join(REPO_ROOT, 'api/src/features/admin/projections.cli.ts'), ...args],
      { env: { ...process.env, DATABASE_URL: t.databaseUrl }, timeout: 60_000 },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
  }
}

describe('npm run projections', () => {
  it('rebuilds users through the decrypting store: a sealed name reads back plain', async () => {
    const stored = await pool.query<{ name: unknown }>(
      `select data->'name' as name from eventstore.events
       where type = 'UserRegistered' and data->>'userId' = $1`,
      [userId],
    );
    // The event holds the name sealed; a replay through the raw store would project that.
    expect(stored.rows).toHaveLength(1);
    expect(JSON.stringify(stored.rows[0]?.name)).not.toContain('Meera');
    await pool.query(`update users set name = 'tampered' where id = $1`, [userId]);

    const rebuilt = await shell('rebuild', 'users');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stdout).toMatch(/^rebuilt users up to \S+$/m);
    expect(await nameOfUser()).toBe('Meera Iyer');

    const verified = await shell('verify');
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain('read models match the events');
  });

  it('rebuilds every read model in one pass, and verify exits 1 on a difference', async () => {
    await pool.query(`update users set name = 'tampered' where id = $1`, [userId]);
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: () => undefined };
    const env = { DATABASE_URL: t.databaseUrl };
    expect(await runProjectionsCommand(['verify'], env, output, quiet)).toBe(1);
    expect(lines.some((line) => line.startsWith('DIFF users at '))).toBe(true);

    lines.length = 0;
    expect(await runProjectionsCommand(['rebuild'], env, output, quiet)).toBe(0);
    expect(lines.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(
      PROJECTION_NAMES.map((name) => `rebuilt ${name}`),
    );
    expect(await nameOfUser()).toBe('Meera Iyer');
    expect(await runProjectionsCommand(['verify'], env, output, quiet)).toBe(0);
  });

  it('exits 2 on a usage error or an unknown projection', async () => {
    const errors: string[] = [];
    const output = { out: () => undefined, err: (line: string) => errors.push(line) };
    const env = { DATABASE_URL: t.databaseUrl };
    expect(await runProjectionsCommand(['rebuild', 'nope'], env, output)).toBe(2);
    expect(errors[0]).toContain('unknown projection "nope"');
    expect(await runProjectionsCommand(['frobnicate'], env, output)).toBe(2);
    expect(await runProjectionsCommand(['verify'], {}, output)).toBe(2);
    expect(errors.at(-1)).toContain('DATABASE_URL is not set');
  });
});
