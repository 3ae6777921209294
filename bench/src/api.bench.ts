import { availableParallelism, loadavg } from 'node:os';
import { hash } from '@node-rs/argon2';
import { freePort } from '@shortlist/api/testing';
import pg from 'pg';
import { BENCH_ADMIN, startBenchServer } from './api-bench-server';
import { closeAgents, loopbackAddress, requestJson } from './api-http';
import { autocannonLoad, type LoadResult, loopLoad } from './api-load';
import { seedRawUsers, startRawServer } from './api-raw-routes';
import {
  type Customer,
  login,
  payOrder,
  placeResumeOrder,
  registerCustomer,
  resumeFor,
} from './api-seed';
import { fmt, now, printTable, type Row } from './bench-stats';

/*
 * npm run bench:api — the HTTP path of the real server (as `npm start` runs it, embedded
 * PostgreSQL) beside plain Fastify + pg routes in the same process on the same database, each
 * under autocannon at 32 connections for 10 s. Targets are printed, not asserted.
 */
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const HISTORY_ORDERS = 20;
const PAID_CUSTOMERS = 3;
// Sixteen per loop: at 10 logins a minute per account, enough for ~2,500 logins in a run.
const LOGIN_ACCOUNTS = 512;
const PASSWORD = 'bench-pass-123';

async function seed(url: string) {
  const started = now();
  const paidCustomers: Customer[] = [];
  for (let i = 0; i < PAID_CUSTOMERS; i++) {
    paidCustomers.push(await registerCustomer(url, `paid-${i}@bench.test`, PASSWORD));
  }
  // Twenty paid orders each: the first customer's history, and 60 paid orders for the admin.
  for (const customer of paidCustomers) {
    for (let i = 0; i < HISTORY_ORDERS; i++) {
      await payOrder(url, customer, await placeResumeOrder(url, customer));
    }
  }
  const writer = await registerCustomer(url, 'writer@bench.test', PASSWORD);
  const loginEmails = Array.from({ length: LOGIN_ACCOUNTS }, (_, i) => `login-${i}@bench.test`);
  await Promise.all(
    Array.from({ length: 8 }, async (_, lane) => {
      for (let i = lane; i < loginEmails.length; i += 8) {
        await registerCustomer(url, loginEmails[i] ?? '', PASSWORD);
      }
    }),
  );
  const adminToken = await login(url, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const history = paidCustomers[0];
  if (!history) throw new Error('no customer seeded');
  console.log(`seeded in ${fmt((now() - started) / 1000, 1)} s`);
  return { history, writer, loginEmails, adminToken };
}

/** m (KiB), t and p of the stored hash of one account: what every login pays. */
async function argon2Cost(databaseUrl: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [email],
    );
    const stored = rows[0]?.password_hash ?? '';
    const [, algorithm, , params] = stored.split('$');
    return `${algorithm} ${params}`;
  } finally {
    await client.end();
  }
}

function loginRun(url: string, path: string, emails: string[]): Promise<LoadResult> {
  // Each loop has its own address and its own sixteen accounts: per address and per account the
  // attempts stay under the server's limits (100 and 10 a minute), which are not what is measured.
  const perLoop = Math.floor(emails.length / CONNECTIONS);
  return loopLoad(CONNECTIONS, SECONDS, async (loop, iteration) => {
    const email = emails[loop * perLoop + (iteration % perLoop)];
    const answer = await requestJson(`${url}${path}`, {
      body: { email, password: PASSWORD },
      from: loopbackAddress(200 + loop),
    });
    return answer.status === 200;
  });
}

const describe = (result: LoadResult) =>
  `${fmt(result.perSecond)} req/s p50 ${fmt(result.p50)} p99 ${fmt(result.p99)} ms`;

async function main() {
  const benchStarted = now();
  console.log(
    `load average before: ${loadavg()
      .map((value) => fmt(value, 1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  const [port, pgPort, rawPort] = [await freePort(), await freePort(), await freePort()];
  const server = await startBenchServer(port, pgPort);
  const raw = await startRawServer(server.databaseUrl, rawPort);
  const rawUrl = `http://127.0.0.1:${rawPort}`;
  try {
    const { history, writer, loginEmails, adminToken } = await seed(server.url);
    await seedRawUsers(server.databaseUrl, loginEmails, await hash(PASSWORD));
    const cost = await argon2Cost(server.databaseUrl, loginEmails[0] ?? '');

    const load = (request: Parameters<typeof autocannonLoad>[0]) =>
      autocannonLoad(request, CONNECTIONS, SECONDS);
    // A short run first, so neither side is measured while the JIT and the pools warm up.
    await autocannonLoad({ url: `${server.url}/api/health` }, CONNECTIONS, 2);

    const historyUrl = `/orders/history/${encodeURIComponent(history.email)}`;
    const resume = resumeFor(writer);
    // BENCH_ONLY=create (or history, admin, login, comma-separated) runs a part, e.g. to profile.
    const only = process.env.BENCH_ONLY?.split(',');
    const skipped: LoadResult = {
      perSecond: Number.NaN,
      p50: Number.NaN,
      p99: Number.NaN,
      failures: 0,
      total: 0,
    };
    const measure = async (part: string, run: () => Promise<LoadResult>) => {
      if (only && !only.includes(part)) return skipped;
      // Monotonic microseconds, the clock of a --cpu-prof profile: where each run starts in it.
      if (process.env.BENCH_MARKS) console.log(`mark ${part} ${process.hrtime.bigint() / 1000n}`);
      return run();
    };
    const oursHistory = await measure('history', () =>
      load({ url: `${server.url}/api${historyUrl}`, token: history.token }),
    );
    const rawHistory = await measure('history', () => load({ url: `${rawUrl}/raw${historyUrl}` }));
    const oursAdmin = await measure('admin', () =>
      load({ url: `${server.url}/api/admin/orders`, token: adminToken }),
    );
    const rawAdmin = await measure('admin', () => load({ url: `${rawUrl}/raw/admin/orders` }));
    const oursCreate = await measure('create', () =>
      load({ url: `${server.url}/api/resume`, body: resume, token: writer.token }),
    );
    const rawCreate = await measure('create', () =>
      load({ url: `${rawUrl}/raw/orders`, body: resume }),
    );
    const oursLogin = await measure('login', () => loginRun(server.url, '/api/login', loginEmails));
    const rawLogin = await measure('login', () => loginRun(rawUrl, '/raw/login', loginEmails));

    const check = await requestJson<{ orders: unknown[] }>(`${server.url}/api${historyUrl}`, {
      token: history.token,
    });
    const ratio = (ours: LoadResult, base: LoadResult) => ours.perSecond / base.perSecond;
    const verdict = (ok: boolean, target: string) => `${target} ${ok ? 'PASS' : 'MISS'}`;
    const rows: Row[] = [
      {
        name: 'create order (POST /api/resume: command + read-your-write)',
        value: describe(oursCreate),
        baseline: `INSERT route ${describe(rawCreate)}`,
        ratio: `${fmt(ratio(oursCreate, rawCreate), 2)}x`,
        target: verdict(
          ratio(oursCreate, rawCreate) >= 0.5 && oursCreate.p99 <= 50,
          '>= 0.5x, p99 <= 50 ms',
        ),
      },
      {
        name: `order history (${check.body.orders?.length ?? '?'} orders)`,
        value: describe(oursHistory),
        baseline: `SELECT route ${describe(rawHistory)}`,
        ratio: `${fmt(ratio(oursHistory, rawHistory), 2)}x`,
        target: verdict(ratio(oursHistory, rawHistory) >= 0.7, '>= 0.7x'),
      },
      {
        name: 'admin orders list (first page of 50)',
        value: describe(oursAdmin),
        baseline: `SELECT route ${describe(rawAdmin)}`,
        ratio: `${fmt(ratio(oursAdmin, rawAdmin), 2)}x`,
        target: verdict(ratio(oursAdmin, rawAdmin) >= 0.7, '>= 0.7x'),
      },
      {
        name: `login (${cost})`,
        value: describe(oursLogin),
        baseline: `argon2 verify route ${describe(rawLogin)}`,
        ratio: `${fmt(ratio(oursLogin, rawLogin), 2)}x`,
        target: 'reported (argon2-bound)',
      },
    ];
    console.log('');
    printTable(rows);
    console.log('');
    const results = {
      oursCreate,
      rawCreate,
      oursHistory,
      rawHistory,
      oursAdmin,
      rawAdmin,
      oursLogin,
      rawLogin,
    };
    const failed = Object.entries(results).filter(([, result]) => result.failures > 0);
    for (const [name, result] of failed) {
      console.log(`${name}: ${result.failures} of ${result.total} requests failed`);
    }
    console.log(
      `c=${CONNECTIONS}, ${SECONDS} s each; total ${fmt((now() - benchStarted) / 1000, 1)} s; ` +
        `load average ${loadavg()
          .map((value) => fmt(value, 1))
          .join(' ')} on ${availableParallelism()} cores`,
    );
    if (failed.length > 0) process.exitCode = 1;
  } finally {
    closeAgents();
    await raw.close();
    await server.close();
  }
}

await main();
// The embedded PostgreSQL package's exit hook throws when the process ends on its own (it expects
// a callback); server.ts ends with process.exit too, after closing everything.
process.exit();
