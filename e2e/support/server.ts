import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@shortlist/api';
import { freePort } from '@shortlist/api/testing';
import { createTestDatabase } from '@shortlist/eventstore/testing';

export interface TestServer {
  /** Origin of the running server, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** The server's own PostgreSQL database: events, read models and key vault. */
  databaseUrl: string;
  /** What `npm start` would print after starting (the first-admin link, where mail goes…). */
  notices: string[];
  close(): Promise<void>;
}

/**
 * The real server, in this process, on its own fresh database and data directory, so journeys
 * never see each other's orders. `env` adds to or overrides the defaults below.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase('e2e');
  const dataDir = await mkdtemp(join(tmpdir(), 'shortlist-e2e-'));
  const port = await freePort();
  try {
    const server = await startServer({
      env: {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
    return {
      url: server.url.replace(/\/$/, ''),
      databaseUrl: database.url,
      notices: server.notices,
      close: async () => {
        await server.close();
        await cleanUp(database.drop, dataDir);
      },
    };
  } catch (error) {
    await cleanUp(database.drop, dataDir);
    throw error;
  }
}

async function cleanUp(dropDatabase: () => Promise<void>, dataDir: string): Promise<void> {
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
}
