import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { now, percentile } from './bench-stats';

// autocannon ships CommonJS and no types; this is the part of its result the bench reads.
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, plus socket errors and timeouts: each one is a bench failure. */
  failures: number;
  total: number;
}

export interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
}

/**
 * autocannon at `connections` for `seconds`, in the calling process (the load generator's:
 * api-load.child.ts), not in the process of the servers it measures.
 */
export async function autocannonLoad(
  request: LoadRequest,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  const result = await autocannon({
    url: request.url,
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    connections,
    duration: seconds,
  });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/**
 * `concurrency` loops calling `call` for `seconds`, timing each call: for the login run, whose
 * clients must come from many addresses (autocannon connects from one).
 */
export async function loopLoad(
  concurrency: number,
  seconds: number,
  call: (loop: number, iteration: number) => Promise<boolean>,
): Promise<LoadResult> {
  const started = now();
  const deadline = started + seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let iteration = 0; now() < deadline; iteration++) {
        const sent = now();
        const ok = await call(loop, iteration).catch(() => false);
        latencies.push(now() - sent);
        if (!ok) failures++;
      }
    }),
  );
  const elapsed = (now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: (latencies.length - failures) / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    total: latencies.length,
  };
}

/** One run for the load generator: autocannon, or logins from many loopback addresses. */
export type LoadJob =
  | { kind: 'autocannon'; request: LoadRequest; connections: number; seconds: number }
  | {
      kind: 'logins';
      url: string;
      emails: string[];
      password: string;
      connections: number;
      seconds: number;
    };

export interface LoadGenerator {
  run(job: LoadJob): Promise<LoadResult>;
  close(): void;
}

/**
 * The load generator in a child process, so the CPU time of the bench process is the servers'
 * (the server and the raw routes share its event loop, as one instance does in production).
 * The child runs with this process's loader flags (tsx) but never its --cpu-prof ones.
 */
export function startLoadGenerator(): LoadGenerator {
  const execArgv: string[] = [];
  for (let index = 0; index < process.execArgv.length; index++) {
    const flag = process.execArgv[index] ?? '';
    if (!flag.startsWith('--cpu-prof') && !flag.startsWith('--heap-prof')) {
      execArgv.push(flag);
    } else if (!flag.includes('=') && /-(dir|name|interval)$/.test(flag)) {
      index++;
    }
  }
  const child: ChildProcess = fork(
    fileURLToPath(new URL('./api-load.child.ts', import.meta.url)),
    [],
    { execArgv },
  );
  return {
    run: (job) =>
      new Promise((resolve, reject) => {
        const onExit = (code: number | null) =>
          reject(new Error(`load generator exited (${code})`));
        child.once('exit', onExit);
        child.once('message', (message: { result?: LoadResult; error?: string }) => {
          child.off('exit', onExit);
          if (message.result) resolve(message.result);
          else reject(new Error(message.error ?? 'load generator gave no result'));
        });
        child.send(job);
      }),
    close: () => child.disconnect(),
  };
}
