import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * CPU seconds spent by this process (every thread: the event loop, GC helpers, the libuv pool)
 * and by one PostgreSQL cluster (the postmaster and its backends, exited ones included), and the
 * statements this process sent through pg. Wall-clock rates swing with whatever else the machine
 * runs; the CPU a request costs much less, so the bench prints both.
 */
export interface CpuSnapshot {
  /** Microseconds of CPU (user + system) of this process. */
  node: number;
  /** Microseconds of CPU of the cluster, or NaN when it cannot be read. */
  postgres: number;
  /** Statements sent by every pg client of this process (one per client.query call). */
  statements: number;
}

let statementsSent = 0;
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

// After the name: [11] utime, [12] stime, [13] cutime, [14] cstime (ticks). Read synchronously
// and only the cluster's own processes: the meter must cost next to nothing itself.
function postgresCpu(postmasterPid: number | null): number {
  if (postmasterPid === null) return Number.NaN;
  const own = statFields(postmasterPid);
  if (own === null) return Number.NaN;
  // Exited backends are counted in the postmaster's cutime/cstime once it has reaped them.
  let ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(own[index] ?? 0), 0);
  let children: string[] = [];
  try {
    const list = readFileSync(`/proc/${postmasterPid}/task/${postmasterPid}/children`, 'utf8');
    children = list.split(' ').filter((pid) => pid !== '');
  } catch {
    return Number.NaN;
  }
  for (const pid of children) {
    const fields = statFields(pid);
    if (fields !== null) ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks * MICROS_PER_TICK;
}

/** CPU this meter spent reading /proc: left out of what it reports for this process. */
let meterMicros = 0;

const micros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

export function cpuSnapshot(postmasterPid: number | null): CpuSnapshot {
  const usage = process.cpuUsage();
  const postgres = postgresCpu(postmasterPid);
  meterMicros += micros(process.cpuUsage(usage));
  return { node: micros(usage) - meterMicros, postgres, statements: statementsSent };
}

export function cpuSince(before: CpuSnapshot, after: CpuSnapshot): CpuSnapshot {
  return {
    node: after.node - before.node,
    postgres: after.postgres - before.postgres,
    statements: after.statements - before.statements,
  };
}

/** Nanoseconds on a CPU plus waiting for one (/proc/<pid>/task/<tid>/schedstat), summed. */
function demandOf(taskDirs: string[]): number {
  let nanos = 0;
  for (const dir of taskDirs) {
    try {
      const [onCpu = '0', waiting = '0'] = readFileSync(`${dir}/schedstat`, 'utf8').split(' ');
      nanos += Number(onCpu) + Number(waiting);
    } catch {
      // A thread or backend that has just ended.
    }
  }
  return nanos;
}

function threadsOf(pid: number | 'self'): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map((tid) => `/proc/${pid}/task/${tid}`);
  } catch {
    return [];
  }
}

function clusterTasks(postmasterPid: number | null): string[] {
  if (postmasterPid === null) return [];
  try {
    const children = readFileSync(`/proc/${postmasterPid}/task/${postmasterPid}/children`, 'utf8');
    return [postmasterPid, ...children.split(' ').filter((pid) => pid !== '')].map(
      (pid) => `/proc/${pid}`,
    );
  } catch {
    return [];
  }
}

/**
 * Waits until this process and the cluster are idle again: a command's answer leaves work
 * behind it (projections, mail), which belongs to its cost. Idle is judged by demand, CPU time
 * plus time spent waiting for a CPU: on a machine other work keeps busy, a process with work
 * left may get little CPU, but it waits in the run queue meanwhile. At most `maxMs`.
 */
export async function settle(postmasterPid: number | null, maxMs = 60_000): Promise<void> {
  const windowMs = 300;
  // Under 10% of a core each: timers, heartbeats and fallback polls only.
  const idleNanos = windowMs * 1_000_000 * 0.1;
  const deadline = Date.now() + maxMs;
  const demand = () => {
    const usage = process.cpuUsage();
    const answer = {
      node: demandOf(threadsOf('self')),
      postgres: demandOf(clusterTasks(postmasterPid)),
    };
    meterMicros += micros(process.cpuUsage(usage));
    return answer;
  };
  let last = demand();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const next = demand();
    const quiet = next.node - last.node < idleNanos && next.postgres - last.postgres < idleNanos;
    last = next;
    if (quiet) return;
  }
  console.log(`(still busy ${maxMs / 1000} s after the run: its figures count what was done)`);
}
