import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningServer, startServer } from '@shortlist/api';
import { PROJECTION_NAMES } from '@shortlist/projections';
import pg from 'pg';

/**
 * Services mode as production runs it with BACKGROUND_WORK=worker: the API in this process
 * answers requests only, and `npm run worker` (a child process) runs the projectors, reactors
 * and jobs, on a database of its own in the bench's PostgreSQL cluster and BullMQ on REDIS_URL.
 */
export interface ServicesModeServer {
  url: string;
  /** Its database, for the meter's caught-up check. */
  databaseUrl: string;
  workerPid: number;
  close(): Promise<void>;
}

const WORKER = join(dirname(fileURLToPath(import.meta.url)), '../../api/src/main/worker.ts');
const DATABASE = 'shortlist_services_bench';

export async function startServicesMode(options: {
  /** A database URL of the cluster to create the services-mode database in. */
  clusterUrl: string;
  redisUrl: string;
  port: number;
}): Promise<ServicesModeServer> {
  const admin = new pg.Client({ connectionString: options.clusterUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = new URL(options.clusterUrl);
  databaseUrl.pathname = `/${DATABASE}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'shortlist-bench-services-'));
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: `http://127.0.0.1:${options.port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: options.redisUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RAZORPAY_SANDBOX: 'true',
    LOG_LEVEL: 'warn',
  };
  let api: RunningServer | null = null;
  let worker: ChildProcess | null = null;
  const close = async () => {
    await api?.close();
    if (worker !== null && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker?.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // The API first: it migrates the database the worker then finds ready.
    api = await startServer({
      env: { ...env, PORT: String(options.port), BACKGROUND_WORK: 'worker' },
    });
    worker = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await workerActive(worker, databaseUrl.toString());
    if (worker.pid === undefined) throw new Error('the worker has no pid');
    return {
      url: api.url.replace(/\/$/, ''),
      databaseUrl: databaseUrl.toString(),
      workerPid: worker.pid,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Resolves once the worker holds every projector's lease (advisory locks on its database: the
 * API takes none under BACKGROUND_WORK=worker); rejects if it exits first or takes a minute.
 */
async function workerActive(worker: ChildProcess, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (worker.exitCode !== null) throw new Error(`the worker exited (${worker.exitCode})`);
      const { rows } = await client.query<{ leases: number }>(
        `SELECT count(*)::int AS leases FROM pg_locks l JOIN pg_database d ON d.oid = l.database
         WHERE l.locktype = 'advisory' AND d.datname = current_database()`,
      );
      if ((rows[0]?.leases ?? 0) >= PROJECTION_NAMES.length) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the worker did not take the projections within a minute');
  } finally {
    await client.end();
  }
}
