import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppRoute, contractRoutes, routeName } from './app-routes';
import { type BatteryWorld, CALLERS, type Caller, createBatteryWorld } from './battery-world';
import { createArbitraries } from './json-schema-arbitrary';
import { type Operation, readPublishedContract } from './openapi-operations';

/**
 * The access battery: every route under /api — found in the running app, so a route added
 * later is covered without touching this file — called by every kind of caller, with path ids
 * that belong to the caller, to someone else, or to nobody. No caller gets a 2xx they are not
 * allowed, a customer's order is never served to the other customer, and no answer to
 * somebody else carries the owners' names, e-mails, referral code, payee details or messages.
 */

/** Answer anyone: an account does not exist yet, or the caller proves itself otherwise. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/register',
  'POST /api/login',
  'POST /api/forgot',
  'POST /api/forgot/reset',
  'POST /api/queries',
  'POST /api/payments/webhook',
  'POST /api/influencer/login',
  // The free ATS check: a visitor scans a resume before having an account.
  'POST /api/ats-check',
  // What a referral earns: the public Influencer Kit shows it; amounts only, nobody's data.
  'GET /api/reward-rules',
  // A reminder's unsubscribe link: its signed token stands in for a sign-in.
  'GET /api/mail/unsubscribe',
  'POST /api/mail/unsubscribe',
  // How the server runs (maintenance, simulated payments): the apps read it before any login.
  'GET /api/config',
  // The first admin, from the link `npm start` prints: the token and loopback are the proof.
  'POST /api/setup/first-admin',
]);

type Owner = 'customer' | 'otherCustomer' | 'influencer' | 'otherInfluencer' | null;

interface Call {
  route: AppRoute;
  caller: Caller;
  url: string;
  /** Whose resource the path names (null: nobody's, or no id). */
  owner: Owner;
  payload: unknown;
}

let world: BatteryWorld;
let routes: AppRoute[];
let operations: Map<string, Operation>;
let validBody: (route: AppRoute) => unknown;

beforeAll(async () => {
  world = await createBatteryWorld();
  routes = contractRoutes(world.kit.app);
  const contract = await readPublishedContract(world.kit.app);
  operations = new Map(contract.operations.map((op) => [`${op.method} ${op.path}`, op]));
  const { valid } = createArbitraries(contract.resolve);
  // A body the route would accept: a refusal must come from access control, not from
  // validation, or a route without access control would pass unnoticed.
  validBody = (route) => {
    const body = operations.get(routeName(route))?.body;
    if (body === null || body === undefined || body.contentType !== 'application/json') {
      return undefined;
    }
    const [sample] = fc.sample(valid(body.schema), { numRuns: 1, seed: 9 });
    return sample;
  };
}, 120_000);

afterAll(async () => {
  await world?.kit.close();
});

/** The ids a path may carry, each with its owner. */
function idsFor(route: AppRoute, param: string): Array<[string, Owner]> {
  const { customer, otherCustomer, influencer, otherInfluencer } = world;
  const random: [string, Owner] = [randomUUID(), null];
  if (param === 'influencerId') {
    return [[influencer.id, 'influencer'], [otherInfluencer.id, 'otherInfluencer'], random];
  }
  if (param === 'email') {
    return [[customer.email, 'customer'], [otherCustomer.email, 'otherCustomer'], random];
  }
  if (param === 'index') return [['0', null]];
  if (param === 'filename') return [['resume.pdf', null]];
  if (route.path.startsWith('/api/admin/influencer-payouts')) {
    return [[world.payoutId, 'influencer'], random];
  }
  if (route.path.startsWith('/api/admin/influencer-queries')) {
    return [[world.influencerQueryId, 'influencer'], random];
  }
  if (route.path.startsWith('/api/admin/influencers')) {
    return [[influencer.id, 'influencer'], random];
  }
  if (route.path.startsWith('/api/admin/queries')) return [[world.contactQueryId, null], random];
  return [
    ...customer.orderIds.map((id): [string, Owner] => [id, 'customer']),
    ...otherCustomer.orderIds.map((id): [string, Owner] => [id, 'otherCustomer']),
    random,
  ];
}

/** Every way to fill the route's path: the cross product of its parameters' ids. */
function urlsOf(route: AppRoute): Array<{ url: string; owner: Owner }> {
  const params = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  let urls: Array<{ url: string; owner: Owner }> = [{ url: route.path, owner: null }];
  for (const param of params) {
    urls = urls.flatMap(({ url, owner }) =>
      idsFor(route, param).map(([id, idOwner]) => ({
        url: url.replace(`:${param}`, encodeURIComponent(id)),
        owner: owner ?? idOwner,
      })),
    );
  }
  return urls;
}

type Verdict = 'allowed' | 'wrong-role' | 'not-theirs';

/** What the SPEC allows; a caller refused for their role gets exactly 401/403. */
function verdictOf(route: AppRoute, caller: Caller, owner: Owner): Verdict {
  if (PUBLIC.has(routeName(route))) return 'allowed';
  if (caller === 'anonymous') return 'wrong-role';
  if (route.path.startsWith('/api/admin/') || route.path.startsWith('/api/dev/outbox/')) {
    // The local outbox holds reset links, so it is an admin's only: anyone else could take over an
    // account.
    return caller === 'admin' ? 'allowed' : 'wrong-role';
  }
  if (route.path.startsWith('/api/influencer/')) {
    if (caller !== 'influencer' && caller !== 'otherInfluencer') return 'wrong-role';
    return owner === null || owner === caller ? 'allowed' : 'not-theirs';
  }
  if (route.path === '/api/auth/logout') return 'allowed';
  // Customer routes: signed-in customers, and the admin acting on their orders.
  if (caller !== 'customer' && caller !== 'otherCustomer' && caller !== 'admin') {
    return 'wrong-role';
  }
  if (caller === 'admin' || owner === null || owner === caller) return 'allowed';
  return 'not-theirs';
}

/** The owners' values this caller must never read. */
function secretsHiddenFrom(caller: Caller): string[] {
  const hidden: string[] = [];
  if (caller !== 'admin' && caller !== 'influencer') hidden.push(...world.influencerSecrets);
  // The referring influencer sees the customer's e-mail on the dashboard (SPEC §2).
  if (caller !== 'admin' && caller !== 'customer' && caller !== 'influencer') {
    hidden.push(...world.customerSecrets);
  }
  return hidden;
}

/** The owners' values in an answer to a caller who may not see them. */
function leaksIn(call: Pick<Call, 'caller' | 'url' | 'payload'>, body: string): string[] {
  const request = `${call.url} ${JSON.stringify(call.payload ?? '')}`.toLowerCase();
  const answer = body.toLowerCase();
  return secretsHiddenFrom(call.caller).filter(
    // A value the caller sent itself is not a leak when it comes back.
    (secret) => !request.includes(secret.toLowerCase()) && answer.includes(secret.toLowerCase()),
  );
}

function callsOf(route: AppRoute): Call[] {
  return urlsOf(route).flatMap(({ url, owner }) =>
    CALLERS.map((caller) => ({ route, caller, url, owner, payload: validBody(route) })),
  );
}

async function send(call: Call) {
  const response = await world.kit.app.inject({
    method: call.route.method,
    url: call.url,
    headers: world.headersOf(call.caller),
    // Each call from its own address: the per-IP login and register limits stay out of the way.
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    ...(call.payload === undefined ? {} : { payload: call.payload as object }),
  });
  return response;
}

/**
 * Someone else's resource answers 403 or 404; a 400 is fine too when the same request naming
 * no existing resource gets it as well (the body was refused before anything was looked up,
 * so it tells nothing about the resource).
 */
async function refusedAsNotTheirs(call: Call, response: { statusCode: number }): Promise<boolean> {
  if (response.statusCode === 403 || response.statusCode === 404) return true;
  if (response.statusCode !== 400) return false;
  const ownedIds = [
    ...world.customer.orderIds,
    ...world.otherCustomer.orderIds,
    world.customer.email,
    world.otherCustomer.email,
    world.influencer.id,
    world.otherInfluencer.id,
  ].map(encodeURIComponent);
  let url = call.url;
  for (const id of ownedIds) url = url.replace(id, randomUUID());
  const nobodys = await send({ ...call, url, owner: null });
  return nobodys.statusCode === 400;
}

describe('access battery over every route under /api', () => {
  it('discovers the routes from the running app, customer routes included', () => {
    const names = routes.map(routeName);
    for (const expected of [
      'GET /api/admin/orders',
      'GET /api/influencer/dashboard',
      'GET /api/influencer/queries/:influencerId',
      'GET /api/orders/:id',
      'DELETE /api/orders/:id',
      'POST /api/payments/checkout',
      'GET /api/me/stats',
    ]) {
      expect(names).toContain(expected);
    }
    expect(names.some((name) => name.includes('/sandbox/'))).toBe(false);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('seeded what the leak check looks for, which it finds in the owners’ answers', async () => {
    const dashboard = await send({
      route: { method: 'GET', path: '/api/influencer/dashboard' },
      caller: 'influencer',
      url: '/api/influencer/dashboard',
      owner: 'influencer',
      payload: undefined,
    });
    expect(dashboard.body).toContain(world.influencer.code);
    expect(dashboard.body).toContain(world.customer.email);
    const payouts = await send({
      route: { method: 'GET', path: '/api/influencer/payouts' },
      caller: 'influencer',
      url: '/api/influencer/payouts',
      owner: 'influencer',
      payload: undefined,
    });
    expect(payouts.body).toContain('ramanathan.payee@okaxis');
    const adminPayouts = await send({
      route: { method: 'GET', path: '/api/admin/influencer-payouts' },
      caller: 'admin',
      url: '/api/admin/influencer-payouts',
      owner: null,
      payload: undefined,
    });
    expect(adminPayouts.body).toContain('Bank of Ownerpur');
    const queries = await send({
      route: { method: 'GET', path: '/api/admin/queries' },
      caller: 'admin',
      url: '/api/admin/queries',
      owner: null,
      payload: undefined,
    });
    expect(queries.body).toContain('Marigoldquasar');
    // The check itself: the owners' answers, had they gone to someone else, are caught.
    const asOther = (caller: Caller, body: string) =>
      leaksIn({ caller, url: '/', payload: undefined }, body);
    expect(asOther('otherInfluencer', dashboard.body)).toEqual(
      expect.arrayContaining([world.influencer.code, world.customer.email]),
    );
    expect(asOther('customer', payouts.body)).toEqual(
      expect.arrayContaining(['Ramanathan Payeeson', 'ramanathan.payee@okaxis']),
    );
    expect(asOther('anonymous', adminPayouts.body)).toEqual(
      expect.arrayContaining(['Bank of Ownerpur', '9876501234', world.influencer.name]),
    );
    expect(asOther('otherCustomer', queries.body)).toContain('Marigoldquasar');
  });

  it('gives no caller a 2xx they are not allowed, and no one else’s data', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const call of callsOf(route)) {
        const verdict = verdictOf(route, call.caller, call.owner);
        // Allowed writes would change the world under the later calls (a customer deleting
        // their order, the admin removing the influencer); allowed reads are checked for leaks.
        if (verdict === 'allowed' && route.method !== 'GET') continue;
        const response = await send(call);
        sent += 1;
        const what = `${call.caller} ${route.method} ${call.url} → ${response.statusCode}`;
        if (verdict === 'wrong-role') {
          const expected = call.caller === 'anonymous' ? 401 : 403;
          if (response.statusCode !== expected) failures.push(`${what} (expected ${expected})`);
        } else if (verdict === 'not-theirs' && !(await refusedAsNotTheirs(call, response))) {
          failures.push(`${what} (expected 403 or 404)`);
        }
        for (const secret of leaksIn(call, response.body)) {
          failures.push(`${what} shows "${secret}"`);
        }
      }
    }
    console.log(`access battery: ${sent} requests over ${routes.length} routes`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  }, 300_000);

  it('never serves a customer’s order to the other customer', async () => {
    const orderRoutes = routes.filter(
      (route) => route.path.startsWith('/api/orders/:id') && route.method === 'GET',
    );
    expect(orderRoutes.length).toBeGreaterThan(3);
    for (const route of orderRoutes) {
      for (const orderId of world.customer.orderIds) {
        const url = route.path
          .replace(':id', orderId)
          .replace(':index', '0')
          .replace(':filename', 'resume.pdf');
        const theirs = await send({
          route,
          caller: 'otherCustomer',
          url,
          owner: 'customer',
          payload: undefined,
        });
        expect([403, 404], `${route.method} ${url}`).toContain(theirs.statusCode);
      }
    }
    // The owner does read it: the refusal above is about ownership, not a broken route.
    const own = await send({
      route: { method: 'GET', path: '/api/orders/:id' },
      caller: 'customer',
      url: `/api/orders/${world.customer.orderIds[0] ?? ''}`,
      owner: 'customer',
      payload: undefined,
    });
    expect(own.statusCode).toBe(200);
  });
});
