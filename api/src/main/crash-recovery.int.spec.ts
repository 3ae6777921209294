import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createPostgresEventStore, type EventStore } from '@shortlist/eventstore';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { formatVerifyReport, verifyProjections } from '@shortlist/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./crash-recovery.child.ts', import.meta.url));

let database: TestDatabase;
let dataDir: string;
let store: EventStore;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  database = await createTestDatabase('api_crash');
  dataDir = await mkdtemp(join(tmpdir(), 'shortlist-crash-'));
  store = createPostgresEventStore({ connectionString: database.url });
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await store?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface RunningChild {
  process: ChildProcess;
  url: Promise<string>;
  /** Event ids the store acknowledged, in order. */
  acks: string[];
  /** Position of the last acknowledged event (positions compare as strings). */
  lastPosition(): string | null;
  /** Polls `condition` until true; rejects if the child exits first or time runs out. */
  waitFor(condition: () => boolean, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** True once the child printed `done` (its APPEND_LIMIT was reached). */
  done: () => boolean;
}

async function startChild(env: Record<string, string>): Promise<RunningChild> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const acks: string[] = [];
  let lastPosition: string | null = null;
  let done = false;
  let resolveUrl: (url: string) => void = () => undefined;
  const url = new Promise<string>((resolve) => {
    resolveUrl = resolve;
  });
  if (!child.stdout) throw new Error('no stdout');
  createInterface({ input: child.stdout }).on('line', (line) => {
    const [word, value, position] = line.split(' ');
    if (word === 'ready' && value) resolveUrl(value);
    else if (word === 'ack' && value && position) {
      acks.push(value);
      if (lastPosition === null || position > lastPosition) lastPosition = position;
    } else if (word === 'done') done = true;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  return {
    process: child,
    url,
    acks,
    lastPosition: () => lastPosition,
    exited,
    done: () => done,
    async waitFor(condition, timeoutMs = 45_000) {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (children.has(child) === false) throw new Error('the child exited early');
        if (Date.now() > deadline) throw new Error('the child did not get there in time');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

describe('crash recovery', () => {
  it('keeps every acknowledged event and rebuilds exact read models after SIGKILL', async () => {
    // 1. Run, then kill -9 in the middle of appends and projection batches.
    const first = await startChild({});
    await first.url;
    await first.waitFor(() => first.acks.length >= 300);
    first.process.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    // 2. Start again on the same database: append some more, then let the projections catch up.
    const second = await startChild({ APPEND_LIMIT: '100' });
    const url = await second.url;
    await second.waitFor(second.done);
    const target = second.lastPosition();
    if (target === null) throw new Error('the second run acknowledged nothing');
    const caughtUp = async () => {
      const health = (await (await fetch(`${url}/api/health`)).json()) as {
        projections: { lag: number; checkpoints: Record<string, { position: string | null }> };
      };
      const checkpoint = health.projections.checkpoints.audit_log?.position ?? null;
      return health.projections.lag === 0 && checkpoint !== null && checkpoint >= target;
    };
    const deadline = Date.now() + 30_000;
    while (!(await caughtUp())) {
      if (Date.now() > deadline) throw new Error('projections did not catch up');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    second.process.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    // 3. Nothing acknowledged was lost…
    const stored = new Set<string>();
    for (let after: string | null = null; ; ) {
      const batch = await store.readAll({ after, limit: 1000 });
      if (batch.length === 0) break;
      for (const event of batch) stored.add(event.id);
      after = batch.at(-1)?.position ?? null;
    }
    const acknowledged = [...first.acks, ...second.acks];
    expect(acknowledged.length).toBeGreaterThan(300);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    // 4. …the audit log has exactly one row per event…
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM audit_log');
      expect(Number(rows[0]?.count)).toBe(stored.size);
    } finally {
      await client.end();
    }

    // 5. …and replaying every event from scratch gives the same read models.
    const report = await verifyProjections({ connectionString: database.url, store });
    expect(report.ok, formatVerifyReport(report).join('\n')).toBe(true);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
