import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import {
  type Config,
  createLogger,
  createServices,
  type Env,
  loadConfig,
  startEmbeddedPostgres,
} from '@shortlist/api';

export interface SeedDatabase {
  url: string;
  /** Where it came from, for the printout (the password left out). */
  description: string;
  close(): Promise<void>;
}

/**
 * The database `npm start` would use: DATABASE_URL, else the embedded PostgreSQL in DATA_DIR
 * (joined when a running server already started it, started here otherwise). Its schema is
 * brought up to date by the app's own service start, so a seed works on a fresh data dir.
 */
export async function openAppDatabase(env: Env): Promise<SeedDatabase> {
  const config = loadConfig(env);
  const logger = createLogger('warn');
  let url: string;
  let stop = async () => undefined;
  if (config.databaseUrl !== null) {
    url = config.databaseUrl;
  } else if (await answers(config.embeddedPgPort)) {
    const password = (await readFile(join(config.dataDir, 'postgres-password'), 'utf8')).trim();
    url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.embeddedPgPort}/shortlist`;
  } else {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      logger,
    });
    url = embedded.connectionString;
    stop = async () => {
      await embedded.stop();
    };
  }
  try {
    await migrate(config, url);
  } catch (error) {
    await stop();
    throw error;
  }
  const shown = new URL(url);
  shown.password = '';
  return { url, description: shown.toString(), close: stop };
}

/** Every migration the app runs at start (event store, read models, its own tables). */
export async function migrate(config: Config, databaseUrl: string): Promise<void> {
  const running = await createServices({
    // Only the payment sandbox reads it, to derive its own secrets: never used here.
    config: { ...config, jwtSecret: config.jwtSecret ?? randomBytes(32).toString('hex') },
    databaseUrl,
    logger: createLogger('warn'),
    runProjections: false,
  });
  await running.close();
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
