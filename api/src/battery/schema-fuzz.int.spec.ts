import { formatVerifyReport, verifyProjections } from '@shortlist/projections';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRoutes, routeName } from './app-routes';
import { type BatteryWorld, type Caller, createBatteryWorld } from './battery-world';
import { describeRequest, type FuzzRequest, requestsFor } from './fuzz-requests';
import { type PublishedContract, readPublishedContract } from './openapi-operations';

/**
 * The schema fuzz: requests generated from the published OpenAPI document for every route —
 * valid, boundary and hostile values, wrong types, broken JSON, multipart of every shape, and
 * on every string field, query and path parameter the hostile text of hostile-text.ts
 * (unpaired surrogates, NUL, controls, bidi, noncharacters, astral, combining marks, very long
 * text) — sent as every kind of caller to the real app on PostgreSQL. No answer may be a 5xx;
 * afterwards the app is healthy and its read models equal a replay of the events. It prints
 * its figures: requests, how many carried ill-formed UTF-16, the count of each status, 5xx.
 * BATTERY=1 sends 10,000 requests or more; `npm test` sends about 1,500. FUZZ_SEED replays a
 * run.
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? (process.env.BATTERY === '1' ? 10_400 : 1_500));
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const CONCURRENCY = 4;
const PER_ROUND = 4;

/**
 * A request the server never answers is as bad as a 5xx (a cut-off upload must still be answered).
 */
const ANSWER_TIMEOUT_MS = 15_000;

async function answerWithin<T>(ms: number, answer: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

let world: BatteryWorld;
let contract: PublishedContract;

beforeAll(async () => {
  world = await createBatteryWorld();
  contract = await readPublishedContract(world.kit.app);
}, 120_000);

afterAll(async () => {
  await world?.kit.close();
});

/** Tokens are signed per request, so a fuzzed logout or password change does not end the run. */
async function headersFor(caller: Caller): Promise<Record<string, string>> {
  const identity: Record<Caller, { id: string; role: 'user' | 'admin' | 'influencer' } | null> = {
    anonymous: null,
    customer: { id: world.customer.id, role: 'user' },
    otherCustomer: { id: world.otherCustomer.id, role: 'user' },
    admin: { id: 'admin-battery', role: 'admin' },
    influencer: { id: world.influencer.id, role: 'influencer' },
    otherInfluencer: { id: world.otherInfluencer.id, role: 'influencer' },
  };
  const account = identity[caller];
  if (account === null) return {};
  return { authorization: `Bearer ${await world.kit.tokenFor(account)}` };
}

describe('schema fuzz over every route of the OpenAPI document', () => {
  it('covers every route the app serves under /api', () => {
    const documented = new Set(contract.operations.map((op) => `${op.method} ${op.path}`));
    const served = contractRoutes(world.kit.app).map(routeName);
    expect(served.filter((name) => !documented.has(name))).toEqual([]);
    expect(contract.operations.length).toBeGreaterThan(40);
  });

  it(`answers no generated request with a 5xx (${TOTAL} requests)`, async () => {
    const knownIds = [
      ...world.customer.orderIds,
      ...world.otherCustomer.orderIds,
      world.influencer.id,
      world.otherInfluencer.id,
      world.payoutId,
      world.influencerQueryId,
      world.contactQueryId,
      world.customer.email,
    ];
    const { operations } = contract;
    // Generated in rounds (a few requests per operation each, shuffled together so one
    // route's writes meet the others' reads): the 1 MB bodies of one round are dropped before
    // the next is made.
    const rounds = Math.ceil(TOTAL / (operations.length * PER_ROUND));
    const roundOf = (round: number): FuzzRequest[] => {
      const requests = operations.flatMap((operation, index) =>
        fc.sample(requestsFor(operation, contract.resolve, knownIds), {
          numRuns: PER_ROUND,
          seed: SEED + index * 1_000 + round,
        }),
      );
      const [order] = fc.sample(
        fc.shuffledSubarray(requests, { minLength: requests.length, maxLength: requests.length }),
        { numRuns: 1, seed: SEED + round },
      );
      return order ?? requests;
    };

    const byStatus = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    let sent = 0;
    let illFormed = 0;
    const started = Date.now();
    let requests: FuzzRequest[] = [];
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++];
        if (request === undefined) continue;
        const response = await answerWithin(
          ANSWER_TIMEOUT_MS,
          world.kit.app.inject({
            method: request.method,
            url: request.url,
            headers: { ...request.headers, ...(await headersFor(request.caller)) },
            // Every request from its own address: the per-IP limits would otherwise answer 429
            // to most of the public routes and hide what is behind them.
            remoteAddress: `10.${sent % 250}.${Math.floor(sent / 250) % 250}.${(sent * 7) % 250}`,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          }),
        );
        sent += 1;
        if (request.illFormed) illFormed += 1;
        if (response === null) {
          failures.push(`no answer within ${ANSWER_TIMEOUT_MS} ms: ${describeRequest(request)}`);
          continue;
        }
        byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          failures.push(
            `${response.statusCode} ${describeRequest(request)} → ${response.body.slice(0, 200)}`,
          );
        }
      }
    };
    for (let round = 0; round < rounds; round += 1) {
      requests = roundOf(round);
      next = 0;
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    }

    const statuses = [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    const fiveHundreds = [...byStatus.entries()]
      .filter(([status]) => status >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    console.log(
      [
        `schema fuzz: seed ${SEED}, ${operations.length} operations, ` +
          `${Math.round((Date.now() - started) / 1000)} s`,
        `  requests: ${sent}`,
        `  with ill-formed UTF-16 (unpaired surrogates): ${illFormed}`,
        `  statuses: ${statuses}`,
        `  5xx: ${fiveHundreds}; unanswered: ${failures.length - fiveHundreds}`,
      ].join('\n'),
    );
    for (const failure of failures.slice(0, 40)) console.log(`  failed: ${failure}`);
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    // The hostile text reaches the server in bulk, not by luck.
    expect(illFormed).toBeGreaterThan(sent / 10);
    expect(failures).toEqual([]);
  }, 1_800_000);

  it('leaves the app healthy and its read models equal to a replay of the events', async () => {
    const health = await world.kit.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    await world.kit.settle();
    const report = await verifyProjections({
      connectionString: world.kit.databaseUrl,
      store: world.kit.services.store,
    });
    expect(report.ok, formatVerifyReport(report).join('\n')).toBe(true);
  }, 300_000);
});
