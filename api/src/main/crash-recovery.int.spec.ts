import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  createPostgresEventStore,
  type EventStore,
  migratePostgresEventStore,
  type Position,
  type RecordedEvent,
} from '@shortlist/eventstore';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { allProjections, formatVerifyReport, verifyProjections } from '@shortlist/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptingEventStore } from '../personal-data/encrypting-event-store';
import { createPostgresKeyVault } from '../personal-data/key-vault';
import { freePort } from '../testing/free-port';

const CHILD = fileURLToPath(new URL('./crash-recovery.child.ts', import.meta.url));

let database: TestDatabase;
let dataDir: string;
/** The raw store: event types, streams and positions, as stored. */
let rawStore: EventStore;
let vaultPool: pg.Pool;
/** The sealing store the server uses, so a replay opens personal fields as the live side did. */
let store: EventStore;
let client: pg.Client;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  database = await createTestDatabase('api_crash');
  dataDir = await mkdtemp(join(tmpdir(), 'shortlist-crash-'));
  await migratePostgresEventStore(database.url);
  rawStore = createPostgresEventStore({ connectionString: database.url, poolMax: 2 });
  vaultPool = new pg.Pool({ connectionString: database.url, max: 2 });
  store = encryptingEventStore(rawStore, createPostgresKeyVault(vaultPool));
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await client?.end();
  await rawStore?.close();
  await vaultPool?.end();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Acks {
  /** userId → position of UserRegistered. */
  accounts: Map<string, Position>;
  /** orderId → position of OrderPlaced. */
  orders: Map<string, Position>;
  /** Position → orderId of each acknowledged OrderCurrencyChanged. */
  currencyChanges: Map<Position, string>;
}

interface RunningChild {
  process: ChildProcess;
  url: Promise<string>;
  acks: Acks;
  /** Polls `condition` until true; rejects if the child exits first or time runs out. */
  waitFor(condition: () => boolean, timeoutMs?: number): Promise<void>;
  /** SIGKILLs the child right after the ack line that makes `condition` true. */
  killWhen(condition: () => boolean): void;
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
  const acks: Acks = { accounts: new Map(), orders: new Map(), currencyChanges: new Map() };
  let done = false;
  let killCondition: (() => boolean) | null = null;
  let resolveUrl: (url: string) => void = () => undefined;
  let rejectUrl: (error: Error) => void = () => undefined;
  const url = new Promise<string>((resolve, reject) => {
    resolveUrl = resolve;
    rejectUrl = reject;
  });
  if (!child.stdout) throw new Error('no stdout');
  createInterface({ input: child.stdout }).on('line', (line) => {
    const [word, kind, id, ...rest] = line.split(' ');
    const position = rest.at(-1);
    if (word === 'ready' && kind) resolveUrl(kind);
    else if (word === 'done') done = true;
    else if (word === 'ack' && id && position) {
      if (kind === 'account') acks.accounts.set(id, position);
      else if (kind === 'order') acks.orders.set(id, position);
      else if (kind === 'currency') acks.currencyChanges.set(position, id);
      if (killCondition?.()) {
        killCondition = null;
        child.kill('SIGKILL');
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      rejectUrl(new Error(`the child exited before it was ready (${code ?? signal})`));
      resolve({ code, signal });
    });
  });
  return {
    process: child,
    url,
    acks,
    exited,
    done: () => done,
    killWhen(condition) {
      killCondition = condition;
    },
    async waitFor(condition, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (children.has(child) === false) throw new Error('the child exited early');
        if (Date.now() > deadline) throw new Error('the child did not get there in time');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** The position of the newest acknowledged append (positions compare as strings). */
function lastPosition(acks: Acks): Position {
  const positions = [
    ...acks.accounts.values(),
    ...acks.orders.values(),
    ...acks.currencyChanges.keys(),
  ].sort();
  const last = positions.at(-1);
  if (last === undefined) throw new Error('nothing was acknowledged');
  return last;
}

async function allEvents(): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const batch = await rawStore.readAll({ after: events.at(-1)?.position ?? null, limit: 1000 });
    if (batch.length === 0) return events;
    events.push(...batch);
  }
}

async function checkpoints(): Promise<Map<string, Position | null>> {
  const { rows } = await client.query<{ name: string; position: Position | null }>(
    'SELECT name, position FROM projection_checkpoints',
  );
  return new Map(rows.map((row) => [row.name, row.position]));
}

async function count(table: string): Promise<number> {
  const { rows } = await client.query<{ count: string }>(`SELECT count(*) FROM ${table}`);
  return Number(rows[0]?.count);
}

describe('crash recovery', () => {
  it('keeps every acknowledged command and resumes exact read models after SIGKILL', async () => {
    // 1. Run real commands, and kill -9 right after an acknowledgement, mid-stream.
    const first = await startChild({});
    await first.url;
    first.killWhen(() => first.acks.orders.size >= 60);
    expect((await first.exited).signal).toBe('SIGKILL');

    // The read side was behind at the kill (nothing moves now): the restart has work to resume.
    const stored = await allEvents();
    const atKill = await checkpoints();
    const lagAtKill = Object.fromEntries(
      allProjections().map((projection) => {
        const position = atKill.get(projection.name) ?? null;
        const behind = stored.filter((event) => position === null || event.position > position);
        return [projection.name, behind.length];
      }),
    );
    console.log(`crash test: ${stored.length} events at the kill, lag per projection`, lagAtKill);
    expect(Math.max(...Object.values(lagAtKill))).toBeGreaterThan(0);

    // 2. Start again on the same database: more commands, then let the projections catch up.
    const second = await startChild({ APPEND_LIMIT: '90' });
    await second.url;
    await second.waitFor(second.done);
    // The end of the history is the last acknowledged append: nothing else writes here. Not the
    // store's head: that is the end of what is final for its own snapshot, and any transaction
    // still open in the database (a projector's batch, say) holds it back behind appends
    // already committed.
    const last = lastPosition(second.acks);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const now = await checkpoints();
      const behind = allProjections().filter((projection) => {
        const position = now.get(projection.name) ?? null;
        return position === null || position < last;
      });
      if (behind.length === 0) break;
      if (Date.now() > deadline) throw new Error(`not caught up: ${behind.map((p) => p.name)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    second.process.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });

    // 3. Nothing acknowledged was lost: each ack is its event, at its position, in its stream.
    const events = await allEvents();
    expect(events.at(-1)?.position).toBe(last);
    const byPosition = new Map(events.map((event) => [event.position, event]));
    const accounts = new Map([...first.acks.accounts, ...second.acks.accounts]);
    const orders = new Map([...first.acks.orders, ...second.acks.orders]);
    const changes = new Map([...first.acks.currencyChanges, ...second.acks.currencyChanges]);
    expect(accounts.size).toBeGreaterThan(60);
    const lost = [
      ...[...accounts].map(([id, at]) => [`user-${id}`, 'UserRegistered', at]),
      ...[...orders].map(([id, at]) => [`order-${id}`, 'OrderPlaced', at]),
      ...[...changes].map(([at, id]) => [`order-${id}`, 'OrderCurrencyChanged', at]),
    ].filter(([stream, type, at]) => {
      const event = at === undefined ? undefined : byPosition.get(at);
      return event === undefined || event.streamName !== stream || event.type !== type;
    });
    expect(lost).toEqual([]);

    // 4. Projections that INSERT hold exactly one row per event, or per entity, twice applied
    //    or skipped events would show here: the audit log one row per event, users one per
    //    registration, orders one per order placed.
    const ofType = (type: string) => events.filter((event) => event.type === type).length;
    expect(await count('audit_log')).toBe(events.length);
    expect(await count('users')).toBe(ofType('UserRegistered'));
    expect(await count('orders')).toBe(ofType('OrderPlaced'));
    const { rows: missing } = await client.query<{ id: string }>(
      `SELECT id FROM unnest($1::text[]) AS acked(id)
       WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id::text = acked.id)
       UNION ALL
       SELECT id FROM unnest($2::text[]) AS acked(id)
       WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id::text = acked.id)`,
      [[...accounts.keys()], [...orders.keys()]],
    );
    expect(missing).toEqual([]);

    // 5. …and replaying every event from scratch gives the same read models.
    const report = await verifyProjections({ connectionString: database.url, store });
    expect(report.ok, formatVerifyReport(report).join('\n')).toBe(true);
    // Two server starts, a few hundred commands and a full replay, on 2 shared cores.
  }, 240_000);
});
