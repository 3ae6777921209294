import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * CPU spent by this process (every thread: the event loop, GC helpers, the libuv pool) and by
 * one PostgreSQL cluster's backends, and the statements this process sent through pg, between
 * two snapshots. Wall-clock rates swing with whatever else the machine runs; the CPU a request
 * costs much less, so the bench prints both.
 */
export interface CpuSpent {
  /** Microseconds of CPU (user + system) of this process. */
  node: number;
  /** Microseconds of CPU of the cluster's backends, or NaN when it cannot be read. */
  postgres: number;
  /** Statements sent by every pg client of this process (one per client.query call). */
  statements: number;
}

export interface CpuSnapshot {
  /** When it was taken (ms). */
  at: number;
  node: number;
  /** CPU ticks of each backend by pid (a backend may start or end between two snapshots). */
  postgres: Map<string, number> | null;
  statements: number;
}

let statementsSent = 0;
/** The meter's own statements (settle's), left out of what it reports. */
let uncounted = 0;
let counting = false;
/** Statements by the start of their text, when asked for (BENCH_STATEMENTS=1). */
const byText = new Map<string, number>();
let keepTexts = false;

/**
 * Counts every pg client query of this process from now on (once; idempotent); with
 * `byText`, also how often each statement (its first 90 characters) was sent.
 */
export function countStatements(options: { byText?: boolean } = {}): void {
  keepTexts ||= options.byText === true;
  if (counting) return;
  counting = true;
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  prototype.query = function countedQuery(this: unknown, ...args: unknown[]) {
    statementsSent += 1;
    if (keepTexts) {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text?: unknown }).text;
      const key = String(text).replace(/\s+/g, ' ').trim().slice(0, 90);
      byText.set(key, (byText.get(key) ?? 0) + 1);
    }
    return query.apply(this, args);
  };
}

/** The statements counted by text since the last call, most frequent first; then forgets them. */
export function takeStatementTexts(): [string, number][] {
  const texts = [...byText.entries()].sort((a, b) => b[1] - a[1]);
  byText.clear();
  return texts;
}

const TICKS_PER_SECOND = 100;
const MICROS_PER_TICK = 1_000_000 / TICKS_PER_SECOND;

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number | string): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

// After the name: [11] utime, [12] stime (ticks). Read synchronously and only the cluster's own
// processes: the meter must cost next to nothing itself. Only the backends that serve a
// connection count (their title names the client, "127.0.0.1(port)"): the checkpointer,
// autovacuum and the other housekeepers run on their own schedule and would land on
// whichever run they happen to overlap.
function postgresCpu(postmasterPid: number | null): Map<string, number> | null {
  if (postmasterPid === null) return null;
  let children: string[];
  try {
    const list = readFileSync(`/proc/${postmasterPid}/task/${postmasterPid}/children`, 'utf8');
    children = list.split(' ').filter((pid) => pid !== '');
  } catch {
    return null;
  }
  const ticks = new Map<string, number>();
  for (const pid of children) {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/\(\d+\)|\[local\]/.test(title)) continue;
    } catch {
      continue;
    }
    const fields = statFields(pid);
    if (fields !== null) ticks.set(pid, Number(fields[11] ?? 0) + Number(fields[12] ?? 0));
  }
  return ticks;
}

/** Microseconds of CPU another process of ours (the services-mode worker) has spent so far. */
export function processCpuMicros(pid: number): number {
  const fields = statFields(pid);
  return fields === null
    ? 0
    : (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * MICROS_PER_TICK;
}

/** CPU this meter spent reading /proc: left out of what it reports for this process. */
let meterMicros = 0;

const micros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

export function cpuSnapshot(postmasterPid: number | null): CpuSnapshot {
  const usage = process.cpuUsage();
  const postgres = postgresCpu(postmasterPid);
  meterMicros += micros(process.cpuUsage(usage));
  return {
    at: Date.now(),
    node: micros(usage) - meterMicros,
    postgres,
    statements: statementsSent - uncounted,
  };
}

/**
 * What was spent between two snapshots, less the CPU the servers spend when nobody calls them
 * (`idle`, per second: the subscriptions' fallback polls, heartbeats, timers), which is no
 * request's cost and would otherwise weigh on a slow run more than on a fast one. A backend
 * that ended in between is lost (pools keep theirs while busy); a new one counts whole.
 */
export function cpuSince(
  before: CpuSnapshot,
  after: CpuSnapshot,
  idle: Pick<CpuSpent, 'node' | 'postgres'> = { node: 0, postgres: 0 },
): CpuSpent {
  const seconds = (after.at - before.at) / 1000;
  let postgres = Number.NaN;
  if (before.postgres !== null && after.postgres !== null) {
    let ticks = 0;
    for (const [pid, now] of after.postgres) ticks += now - (before.postgres.get(pid) ?? 0);
    postgres = ticks * MICROS_PER_TICK;
  }
  return {
    node: after.node - before.node - idle.node * seconds,
    postgres: postgres - idle.postgres * seconds,
    // Counted exactly, and the idle servers' few polls are no bias worth an estimate's noise.
    statements: after.statements - before.statements,
  };
}

/** What the servers spend per second when no request comes: `seconds` of watching them. */
export async function idleRate(postmasterPid: number | null, seconds: number): Promise<CpuSpent> {
  const before = cpuSnapshot(postmasterPid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = cpuSnapshot(postmasterPid);
  const spent = cpuSince(before, after);
  const elapsed = (after.at - before.at) / 1000;
  return {
    node: spent.node / elapsed,
    postgres: spent.postgres / elapsed,
    statements: spent.statements / elapsed,
  };
}

/**
 * Waits until the work a run left behind is done, since it belongs to the run's cost: first
 * until every projection and reactor has handled the store's last event (asked on `db`, a
 * connection of the bench's own whose statements are not counted), then until this process
 * has used under 10% of a core for two windows of 300 ms running (the mails those reactors
 * queued). Judged by positions first because a machine other work keeps busy starves a
 * process with work left, which then looks idle by its CPU time alone. At most `maxMs`.
 */
export async function settle(db: pg.Client, maxMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let behind = true;
  while (behind && Date.now() < deadline) {
    uncounted += 1;
    const { rows } = await db.query<{ behind: boolean }>(CAUGHT_UP);
    behind = rows[0]?.behind ?? false;
    if (behind) await sleep(100);
  }
  await untilQuiet(() => micros(process.cpuUsage()), deadline);
  if (Date.now() < deadline) return true;
  console.log(`(still busy ${maxMs / 1000} s after the run: its figures count what was done)`);
  return false;
}

/**
 * Until a process (its CPU so far, from `cpuMicros`) has used under 10% of a core for two
 * windows of 300 ms running, or the deadline (ms since the epoch) has passed.
 */
export async function untilQuiet(cpuMicros: () => number, deadline: number): Promise<void> {
  const windowMs = 300;
  const idleMicros = windowMs * 1000 * 0.1;
  let quiet = 0;
  let last = cpuMicros();
  while (quiet < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = cpuMicros();
    quiet = now - last < idleMicros ? quiet + 1 : 0;
    last = now;
  }
}

/** Positions compare as strings (position-pair.codec.ts); the head as the store's own reader sees it. */
const CAUGHT_UP = `WITH head AS (
    SELECT lpad(e.transaction_id::text, 20, '0') || '-' || lpad(e.global_position::text, 20, '0') AS position
    FROM eventstore.events e
    WHERE e.transaction_id < (SELECT eventstore.read_horizon())
    ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1)
  SELECT EXISTS (
    SELECT 1 FROM head, (SELECT position FROM projection_checkpoints
      UNION ALL SELECT position FROM reactor_checkpoints) c
    WHERE c.position IS NULL OR c.position < head.position) AS behind`;
