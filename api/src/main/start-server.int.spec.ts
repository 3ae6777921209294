import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config';
import { freePort } from '../testing/free-port';
import { createLogCollector } from '../testing/test-app';
import { type RunningServer, startServer } from './start-server';

let dataDir: string | null = null;
let server: RunningServer | null = null;

afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('startServer in embedded mode', () => {
  it('starts PostgreSQL, migrates, serves /api/health, and restarts on the same data', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shortlist-embedded-'));
    // As root the cluster runs as user postgres, who must be able to enter the directory.
    await chmod(dataDir, 0o755);
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };

    // The start times are printed, not asserted: on two shared cores a time budget would test
    // the machine's load, not the server (the goal for a cold start is under 30 s).
    const coldStart = Date.now();
    server = await startServer({ env, logDestination: createLogCollector() });
    const health = await fetch(`${server.url}/api/health`);
    const coldStartMs = Date.now() - coldStart;
    console.log(`embedded cold start (initdb + migrations + listen + health): ${coldStartMs} ms`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, status: 'up' });
    expect(server.url).toBe(`http://127.0.0.1:${env.PORT}`);

    const jwtSecret = await readFile(join(dataDir, 'jwt-secret'), 'utf8');
    await server.close();
    server = null;
    await expect(fetch(`http://127.0.0.1:${env.PORT}/api/health`)).rejects.toThrow();

    const warmStart = Date.now();
    server = await startServer({ env, logDestination: createLogCollector() });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    console.log(`embedded warm start: ${Date.now() - warmStart} ms`);
    // Kept across restarts: the same secret (sessions survive), the same cluster (no initdb).
    expect(await readFile(join(dataDir, 'jwt-secret'), 'utf8')).toBe(jwtSecret);
  });

  it('refuses a bad configuration with a ConfigError naming the variable', async () => {
    await expect(startServer({ env: { PORT: 'abc' } })).rejects.toBeInstanceOf(ConfigError);
    await expect(startServer({ env: { PORT: 'abc' } })).rejects.toThrow(
      'Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")',
    );
  });
});
