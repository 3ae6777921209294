/*
 * npm run bench:growth [-- --max 1000000]
 * How the read side grows with the history: a database of its own seeded to 1k, 10k and 100k
 * orders (about 10k, 100k and 1M events; each size adds to the one before), and at each size the
 * admin searches, a customer's history and an influencer's dashboard through the real routes
 * (app.inject on the app as the server builds it), `projections rebuild` of every read model
 * and `audit verify`. Targets are printed, not asserted. --max stops after the size that
 * reaches that many events.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp, createLogger, createServices, loadConfig } from '@shortlist/api';
import { createTestDatabase } from '@shortlist/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { fmt, now, percentile } from './bench-stats';
import { rebuildReadModels, timeReads, verifyReadModels } from './growth/read-models';
import { migrate } from './growth/seed-database';
import type { SeedSample } from './growth/seed-history';
import { seedHistory } from './growth/seed-run';

const SIZES = [1_000, 10_000, 100_000];
/** Requests timed per route and size, after WARMUP untimed ones. */
const REQUESTS = 300;
const WARMUP = 30;

interface Measure {
  name: string;
  target: string;
  /** Figures by size, formatted. */
  values: string[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { max: { type: 'string' } } });
  const maxEvents = values.max === undefined ? Number.POSITIVE_INFINITY : Number(values.max);
  if (Number.isNaN(maxEvents) || maxEvents < 1) throw new Error(`--max must be a number of events`);

  const database = await createTestDatabase('bench_growth');
  console.log(`database ${database.name}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RAZORPAY_SANDBOX: 'true',
    LOG_LEVEL: 'warn',
  });
  const measures = new Map<string, Measure>();
  const record = (name: string, target: string, value: string) => {
    const measure = measures.get(name) ?? { name, target, values: [] };
    measure.values.push(value);
    measures.set(name, measure);
  };
  const sizes: string[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  let app: FastifyInstance | null = null;
  let closeServices: () => Promise<void> = async () => undefined;
  try {
    await migrate(config, database.url);
    const logger = createLogger('warn');
    let seededOrders = 0;
    for (const orders of SIZES) {
      console.log(`\nseeding up to ${fmt(orders)} orders`);
      const seeded = await seedHistory(database.url, orders - seededOrders, (line) =>
        console.log(line),
      );
      seededOrders = orders;
      const events = await countEvents(pool);
      console.log(
        `  ${fmt(events)} events in the store (this step: ${fmt(seeded.events)} at ${fmt(seeded.eventsPerSecond)} events/s)`,
      );
      sizes.push(`${fmt(orders)} orders / ${fmt(events)} ev`);

      const rebuilt = await rebuildReadModels(database.url);
      console.log(
        `  rebuild: ${rebuilt.perProjection.map((p) => `${p.name} ${fmt(p.seconds, 1)} s`).join(', ')}`,
      );
      record(
        'projections rebuild, events/s (all read models)',
        '>= 50,000',
        fmt(rebuilt.eventsPerSecond),
      );
      record('projections rebuild, s', '', fmt(rebuilt.seconds, 1));
      record('projections rebuild, CPU s of this process', '', fmt(rebuilt.cpuSeconds, 1));
      // The baseline: one read of every event through the same decrypting store, which every
      // rebuild must at least make (timeReads warms the cache with a raw read first).
      const reads = await timeReads(database.url, 20_000);
      record(
        'baseline: read every event (decrypting store), s',
        '',
        fmt(reads.decryptingSeconds, 1),
      );
      record(
        'rebuild ÷ baseline read',
        '',
        `${fmt(rebuilt.seconds / reads.decryptingSeconds, 2)}×`,
      );
      await pool.query('VACUUM (ANALYZE)');

      if (app === null) {
        const running = await createServices({
          config,
          databaseUrl: database.url,
          logger,
          runProjections: false,
        });
        closeServices = running.close;
        app = await buildApp({ config, services: running.services, logger, webApps: false });
        await app.ready();
      }
      for (const [name, target, figure] of await measureRoutes(app, seeded.sample)) {
        record(name, target, figure);
      }

      const verified = await verifyReadModels(database.url);
      record(
        'audit verify, s',
        '<= 20',
        `${fmt(verified.seconds, 1)}${verified.ok ? '' : ' (DIFF)'}`,
      );
      record('audit verify, CPU s of this process', '', fmt(verified.cpuSeconds, 1));
      // Figures taken while other work runs on the machine are not comparable with a quiet run.
      record(
        'load average 1 / 5 / 15 min (after this size)',
        '',
        loadavg()
          .map((l) => fmt(l, 1))
          .join(' / '),
      );
      if (!verified.ok) for (const line of verified.lines) console.log(`  ${line}`);
      printGrowth(sizes, measures);
      if (events >= maxEvents) break;
    }
  } finally {
    await app?.close();
    await closeServices();
    await pool.end();
    await database.drop();
  }
}

/** The figures so far, one column per size: printed after each size, so a long run shows its curve as it goes. */
function printGrowth(sizes: string[], measures: Map<string, Measure>): void {
  console.log('');
  const rows = [
    ['measure', ...sizes, 'target'],
    ...[...measures.values()].map((m) => [m.name, ...m.values, m.target]),
  ];
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  for (const row of rows) {
    console.log(
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    );
  }
}

/** p50 / p99 in ms of each read route, one request at a time, as [name, target, figure]. */
async function measureRoutes(
  app: FastifyInstance,
  sample: SeedSample,
): Promise<[string, string, string][]> {
  const admin = await bearer(app, sample.adminId, 'admin');
  const customer = await bearer(app, sample.customer.id, 'user');
  const influencer = await bearer(app, sample.influencer.id, 'influencer');
  const { orderIdPrefix, emailFragment, lastName } = sample.searches;
  const q = (term: string) => encodeURIComponent(term);
  const routes: [string, string, { url: string; auth: string }[]][] = [
    [
      'admin orders search p50 / p99 ms (id, e-mail, name)',
      'p99 <= 50',
      [orderIdPrefix, emailFragment, lastName].map((term) => ({
        url: `/api/admin/orders?q=${q(term)}&limit=20`,
        auth: admin,
      })),
    ],
    [
      'admin orders list p50 / p99 ms (no search)',
      '',
      [{ url: '/api/admin/orders?limit=20', auth: admin }],
    ],
    [
      'admin user search p50 / p99 ms (e-mail, name)',
      'p99 <= 50',
      [emailFragment, lastName].map((term) => ({
        url: `/api/admin/users?q=${q(term)}&limit=20`,
        auth: admin,
      })),
    ],
    [
      'customer history p50 / p99 ms',
      'p99 <= 20',
      [{ url: `/api/orders/history/${q(sample.customer.email)}`, auth: customer }],
    ],
    [
      'influencer dashboard p50 / p99 ms',
      'p99 <= 30',
      [{ url: '/api/influencer/dashboard', auth: influencer }],
    ],
  ];
  const figures: [string, string, string][] = [];
  for (const [name, target, requests] of routes) {
    const timings: number[] = [];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const request = requests[i % requests.length];
      if (request === undefined) continue;
      const started = now();
      const response = await app.inject({
        method: 'GET',
        url: request.url,
        headers: { authorization: request.auth },
      });
      const took = now() - started;
      if (response.statusCode !== 200) {
        throw new Error(`${request.url} answered ${response.statusCode}: ${response.body}`);
      }
      if (i >= WARMUP) timings.push(took);
    }
    timings.sort((a, b) => a - b);
    figures.push([
      name,
      target,
      `${fmt(percentile(timings, 50), 1)} / ${fmt(percentile(timings, 99), 1)}`,
    ]);
  }
  return figures;
}

async function bearer(
  app: FastifyInstance,
  id: string,
  role: 'user' | 'admin' | 'influencer',
): Promise<string> {
  return `Bearer ${(await app.signToken({ id, role })).token}`;
}

async function countEvents(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM eventstore.events',
  );
  return Number(rows[0]?.count ?? 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
