// First: the server must load React as production does (production-env.ts says why).
import './production-env';
import { availableParallelism, loadavg } from 'node:os';
import { hash } from '@node-rs/argon2';
import { freePort } from '@shortlist/api/testing';
import pg from 'pg';
import { BENCH_ADMIN, startBenchServer } from './api-bench-server';
import { closeAgents, requestJson } from './api-http';
import { type LoadRequest, type LoadResult, startLoadGenerator } from './api-load';
import { seedRawUsers, startRawServer } from './api-raw-routes';
import {
  type Customer,
  login,
  payOrder,
  placeResumeOrder,
  registerCustomer,
  resumeFor,
} from './api-seed';
import { type ServicesModeServer, startServicesMode } from './api-services-mode';
import { fmt, now, printTable, type Row } from './bench-stats';
import {
  type CpuSpent,
  countStatements,
  cpuSince,
  cpuSnapshot,
  idleRate,
  processCpuMicros,
  settle,
  takeStatementTexts,
  untilQuiet,
} from './cpu-meter';

/*
 * npm run bench:api — the HTTP path of the real server (as `npm start` runs it, embedded
 * PostgreSQL) beside plain Fastify + pg routes in the same process on the same database, each
 * under autocannon (in a process of its own) at 32 connections for 10 s. Targets are printed,
 * not asserted. Beside each rate: the CPU time each request cost this process and PostgreSQL,
 * counted until the work it left behind (projections, mail) is done, and the statements it sent.
 */
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const HISTORY_ORDERS = 20;
const PAID_CUSTOMERS = 3;
// Sixteen per loop: at 10 logins a minute per account, enough for ~2,500 logins in a run.
const LOGIN_ACCOUNTS = 512;
const PASSWORD = 'bench-pass-123';
/** How long the idle servers are watched, to take what they spend anyway off each run. */
const IDLE_SECONDS = 5;

// BENCH_ONLY=create (or history, admin, login, comma-separated) runs a part, e.g. to profile.
const ONLY = process.env.BENCH_ONLY?.split(',');
const runs = (part: string) => ONLY === undefined || ONLY.includes(part);

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
  // Only the login run needs them (512 argon2 hashes: a good part of the seeding).
  const loginEmails = Array.from(
    { length: runs('login') ? LOGIN_ACCOUNTS : 0 },
    (_, i) => `login-${i}@bench.test`,
  );
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

const describe = (result: LoadResult) =>
  `${fmt(result.perSecond)} req/s p50 ${fmt(result.p50)} p99 ${fmt(result.p99)} ms`;

/** A run's rate and latency, and what each request cost (CPU, statements). */
interface Measured extends LoadResult {
  cpu: CpuSpent;
}

const perRequest = (result: Measured, micros: number) =>
  result.total > 0 ? micros / 1000 / result.total : Number.NaN;
const cpuPerRequest = (result: Measured) =>
  perRequest(
    result,
    result.cpu.node + (Number.isNaN(result.cpu.postgres) ? 0 : result.cpu.postgres),
  );
const describeCpu = (result: Measured) =>
  `${fmt(cpuPerRequest(result), 2)} ms (Node ${fmt(perRequest(result, result.cpu.node), 2)}, ` +
  `PG ${fmt(perRequest(result, result.cpu.postgres), 2)}), ` +
  `${fmt(result.total > 0 ? result.cpu.statements / result.total : Number.NaN, 1)} stmts`;

/**
 * Create order again, on services mode with BACKGROUND_WORK=worker (api-services-mode.ts): the
 * API in this process answers, a worker process projects and mails. Needs Redis (BENCH_REDIS_URL,
 * default database 12 of 127.0.0.1:6379); without one the part is skipped and says so.
 */
async function measureServicesMode(options: {
  clusterUrl: string;
  postmasterPid: number | null;
  idle: Pick<CpuSpent, 'node' | 'postgres'>;
  load: (request: LoadRequest) => Promise<LoadResult>;
  rawCreate: Measured;
}): Promise<Measured | null> {
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
  let services: ServicesModeServer;
  try {
    services = await startServicesMode({
      clusterUrl: options.clusterUrl,
      redisUrl,
      port: await freePort(),
    });
  } catch (error) {
    console.log(`services mode skipped: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  const workerCpu = () => processCpuMicros(services.workerPid);
  const db = new pg.Client({ connectionString: services.databaseUrl });
  await db.connect();
  try {
    const customer = await registerCustomer(services.url, 'writer@services.bench.test', PASSWORD);
    await settle(db);
    await untilQuiet(workerCpu, Date.now() + 60_000);
    const before = cpuSnapshot(options.postmasterPid);
    const workerBefore = workerCpu();
    const result = await options.load({
      url: `${services.url}/api/resume`,
      body: resumeFor(customer),
      token: customer.token,
    });
    await settle(db);
    await untilQuiet(workerCpu, Date.now() + 60_000);
    const cpu = cpuSince(before, cpuSnapshot(options.postmasterPid), options.idle);
    const worker = workerCpu() - workerBefore;
    const measured: Measured = { ...result, cpu };
    const ratio = result.perSecond / options.rawCreate.perSecond;
    printTable([
      {
        name: 'create order, services mode (API answers; projections, mail in the worker)',
        value: describe(result),
        baseline: `INSERT route ${describe(options.rawCreate)}`,
        ratio: `${fmt(ratio, 2)}x`,
        target: `>= 0.5x, p99 <= 50 ms ${ratio >= 0.5 && result.p99 <= 50 ? 'PASS' : 'MISS'}`,
      },
    ]);
    console.log(
      `  CPU per order: API process ${fmt(perRequest(measured, cpu.node), 2)} ms, worker ` +
        `${fmt(perRequest(measured, worker), 2)} ms, PostgreSQL ${fmt(perRequest(measured, cpu.postgres), 2)} ms\n`,
    );
    return measured;
  } finally {
    await db.end();
    await services.close();
  }
}

async function main() {
  const benchStarted = now();
  console.log(
    `load average before: ${loadavg()
      .map((value) => fmt(value, 1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  // BENCH_STATEMENTS=1 prints, after each run, the statements it sent per request by their text.
  const statementTexts = process.env.BENCH_STATEMENTS === '1';
  countStatements({ byText: statementTexts });
  const [port, pgPort, rawPort] = [await freePort(), await freePort(), await freePort()];
  const server = await startBenchServer(port, pgPort);
  const raw = await startRawServer(server.databaseUrl, rawPort);
  const rawUrl = `http://127.0.0.1:${rawPort}`;
  const generator = startLoadGenerator();
  // The meter's own connection: it asks whether the read models have caught up after a run.
  const meterDb = new pg.Client({ connectionString: server.databaseUrl });
  await meterDb.connect();
  try {
    const { history, writer, loginEmails, adminToken } = await seed(server.url);
    if (loginEmails.length > 0) {
      await seedRawUsers(server.databaseUrl, loginEmails, await hash(PASSWORD));
    }
    const cost = await argon2Cost(server.databaseUrl, loginEmails[0] ?? BENCH_ADMIN.email);

    const load = (request: LoadRequest) =>
      generator.run({ kind: 'autocannon', request, connections: CONNECTIONS, seconds: SECONDS });
    const logins = (url: string) =>
      generator.run({
        kind: 'logins',
        url,
        emails: loginEmails,
        password: PASSWORD,
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
    // A short run first, so neither side is measured while the JIT and the pools warm up.
    await generator.run({
      kind: 'autocannon',
      request: { url: `${server.url}/api/health` },
      connections: CONNECTIONS,
      seconds: 2,
    });

    const historyUrl = `/orders/history/${encodeURIComponent(history.email)}`;
    const resume = resumeFor(writer);
    const skipped: Measured = {
      perSecond: Number.NaN,
      p50: Number.NaN,
      p99: Number.NaN,
      failures: 0,
      total: 0,
      cpu: { node: Number.NaN, postgres: Number.NaN, statements: Number.NaN },
    };
    // Watched only once the seeding's work is done: else what is left of it would be taken off
    // every run as if the idle servers spent it.
    const settled = await settle(meterDb);
    const idle = settled
      ? await idleRate(server.postmasterPid, IDLE_SECONDS)
      : { node: 0, postgres: 0, statements: 0 };
    console.log(
      settled
        ? `idle servers spend ${fmt(idle.node / 1000, 1)} ms/s of CPU here and ` +
            `${fmt(idle.postgres / 1000, 1)} ms/s in PostgreSQL (${fmt(idle.statements, 1)} ` +
            'statements/s): taken off every run below'
        : 'the seeding was still being projected: nothing taken off the runs below for idle servers',
    );
    const measure = async (part: string, run: () => Promise<LoadResult>): Promise<Measured> => {
      if (!runs(part)) return skipped;
      // The previous run's leftovers (projections, mail) are not this one's cost.
      await settle(meterDb);
      // Monotonic microseconds, the clock of a --cpu-prof profile: where each run starts in it.
      if (process.env.BENCH_MARKS) console.log(`mark ${part} ${process.hrtime.bigint() / 1000n}`);
      takeStatementTexts();
      const before = cpuSnapshot(server.postmasterPid);
      const result = await run();
      await settle(meterDb);
      const cpu = cpuSince(before, cpuSnapshot(server.postmasterPid), idle);
      if (statementTexts) {
        console.log(`statements per request of a ${part} run (${result.total} requests):`);
        for (const [text, count] of takeStatementTexts().slice(0, 25)) {
          console.log(`  ${fmt(count / Math.max(1, result.total), 3).padStart(7)}  ${text}`);
        }
      }
      return { ...result, cpu };
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
    const oursLogin = await measure('login', () => logins(`${server.url}/api/login`));
    const rawLogin = await measure('login', () => logins(`${rawUrl}/raw/login`));

    const check = await requestJson<{ orders: unknown[] }>(`${server.url}/api${historyUrl}`, {
      token: history.token,
    });
    const ratio = (ours: LoadResult, base: LoadResult) => ours.perSecond / base.perSecond;
    const verdict = (ok: boolean, target: string) => `${target} ${ok ? 'PASS' : 'MISS'}`;
    const rows: Row[] = [
      {
        name: 'create order (POST /api/resume: answered when durable)',
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
        target: verdict(ratio(oursHistory, rawHistory) >= 0.9, '>= 0.9x'),
      },
      {
        name: 'admin orders list (first page of 50)',
        value: describe(oursAdmin),
        baseline: `SELECT route ${describe(rawAdmin)}`,
        ratio: `${fmt(ratio(oursAdmin, rawAdmin), 2)}x`,
        target: verdict(ratio(oursAdmin, rawAdmin) >= 0.9, '>= 0.9x'),
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
    // CPU per request barely moves with the machine's load, where the rates above swing: the
    // figure to compare runs by. Base/ours is the rate ratio a CPU-bound machine would give.
    const cpuRow = (name: string, ours: Measured, base: Measured): Row => ({
      name,
      value: describeCpu(ours),
      baseline: describeCpu(base),
      ratio: `${fmt(cpuPerRequest(base) / cpuPerRequest(ours), 2)}x`,
    });
    printTable([
      cpuRow('CPU per request (create order)', oursCreate, rawCreate),
      cpuRow('CPU per request (order history)', oursHistory, rawHistory),
      cpuRow('CPU per request (admin orders list)', oursAdmin, rawAdmin),
      cpuRow('CPU per request (login)', oursLogin, rawLogin),
    ]);
    console.log(
      '\nCPU: this process (the servers; the load generator runs apart) and the PostgreSQL ' +
        'backends\nserving it, from the start of a run until the read models have caught up ' +
        'and this process\nis idle again (what a request leaves behind counts).\n' +
        'Not like for like: the raw routes check no token or session, validate nothing, seal ' +
        'nothing,\nlog nothing, send no security headers and write no event; ours do all of ' +
        'that, and each order\nplaced is projected into 7 read models and mailed to the ' +
        'customer in the same process\n(as `npm start` runs it).',
    );
    console.log('');
    const servicesCreate = runs('services')
      ? await measureServicesMode({
          clusterUrl: server.databaseUrl,
          postmasterPid: server.postmasterPid,
          idle,
          load,
          rawCreate,
        })
      : null;
    const results = {
      oursCreate,
      rawCreate,
      oursHistory,
      rawHistory,
      oursAdmin,
      rawAdmin,
      oursLogin,
      rawLogin,
      ...(servicesCreate === null ? {} : { servicesCreate }),
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
    await meterDb.end();
    generator.close();
    closeAgents();
    await raw.close();
    await server.close();
  }
}

await main();
// The embedded PostgreSQL package's exit hook throws when the process ends on its own (it expects
// a callback); server.ts ends with process.exit too, after closing everything.
process.exit();
