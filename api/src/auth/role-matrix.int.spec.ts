import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Every admin and influencer route the app has — discovered from the running app, so a route
 * added later is covered without touching this file — called by every kind of caller. No call
 * may succeed (2xx) unless the caller is allowed: admin routes answer admins only; influencer
 * routes answer influencers only, and only with their own data.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  method: Method;
  path: string;
}

const PUBLIC = new Set(['POST /api/influencer/login']);

/** Flattens Fastify's printRoutes tree ("├── /api/x (GET, HEAD)" with nested children). */
function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + segment;
    stack.push(path);
    for (const method of methods?.split(', ') ?? []) {
      if (method !== 'HEAD' && method !== 'OPTIONS')
        routes.push({ method: method as Method, path });
    }
  }
  return routes;
}

let t: TestApp;
let routes: Route[];
const callers = ['anonymous', 'customer', 'admin', 'influencer', 'otherInfluencer'] as const;
type Caller = (typeof callers)[number];
let auth: Record<Caller, Record<string, string>>;
let influencer: { id: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(
    (route) =>
      /^\/api\/(admin|influencer)(\/|$)/.test(route.path) &&
      !PUBLIC.has(`${route.method} ${route.path}`),
  );
  const admin = `Bearer ${await t.tokenFor({ id: randomUUID(), role: 'admin' })}`;
  const created: { id: string; email: string }[] = [];
  for (const name of ['Kiran Dev', 'Mira Rao']) {
    const email = `${name.split(' ')[0]?.toLowerCase()}@example.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/influencers',
      headers: { authorization: admin },
      payload: { name, email, password: 'correct horse 1' },
    });
    expect(response.statusCode).toBeLessThan(300);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/influencer/login',
      payload: { email, password: 'correct horse 1' },
    });
    created.push({ id: login.json().influencer.id, email });
    auth = {
      ...auth,
      [created.length === 1 ? 'influencer' : 'otherInfluencer']: {
        authorization: `Bearer ${login.json().token}`,
      },
    };
  }
  const [first] = created;
  if (!first) throw new Error('no influencer created');
  influencer = first;
  auth = {
    ...auth,
    anonymous: {},
    customer: { authorization: `Bearer ${await t.tokenFor({ id: randomUUID(), role: 'user' })}` },
    admin: { authorization: admin },
  };
});

afterAll(async () => {
  await t?.close();
});

/** Fills path parameters; influencer ids point at the first influencer's own resources. */
function urlOf(route: Route, id: string): string {
  return route.path
    .replace(':influencerId', influencer.id)
    .replace(/:[A-Za-z]+/g, encodeURIComponent(id));
}

function allowed(route: Route, caller: Caller): boolean {
  if (route.path.startsWith('/api/admin')) return caller === 'admin';
  // Influencer routes: the owner only. Another influencer may call the routes that carry no
  // influencer id, and then must see only their own data (checked below).
  if (caller === 'influencer') return true;
  return caller === 'otherInfluencer' && !route.path.includes(':influencerId');
}

describe('role matrix over every admin and influencer route', () => {
  it('discovers the routes', () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    expect(paths).toContain('GET /api/admin/orders');
    expect(paths).toContain('GET /api/influencer/dashboard');
    expect(paths).toContain('GET /api/influencer/queries/:influencerId');
    expect(routes.length).toBeGreaterThan(20);
  });

  it('gives no unauthorized caller a 2xx, nor another influencer’s data', async () => {
    const body = fc.oneof(
      fc.constant(undefined),
      fc.record({
        influencerId: fc.constant('owner'),
        status: fc.constantFrom('approved', 'paid', 'rejected', 'completed'),
        message: fc.string(),
        password: fc.string(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(...callers),
        fc.uuid(),
        body,
        async (route, caller, id, payload) => {
          const response = await t.app.inject({
            method: route.method,
            url: urlOf(route, id),
            headers: auth[caller],
            ...(payload === undefined
              ? {}
              : { payload: { ...payload, influencerId: influencer.id } }),
          });
          const ok = response.statusCode >= 200 && response.statusCode < 300;
          if (!allowed(route, caller)) {
            expect(ok, `${caller} ${route.method} ${route.path}`).toBe(false);
            expect([401, 403]).toContain(response.statusCode);
            expect(response.statusCode).toBe(caller === 'anonymous' ? 401 : 403);
          } else if (caller === 'otherInfluencer' && ok) {
            expect(response.body).not.toContain(influencer.id);
            expect(response.body).not.toContain(influencer.email);
          }
        },
      ),
      {
        numRuns: 400,
        examples: routes.flatMap((r) =>
          callers.map((c) => [r, c, randomUUID(), undefined] as [Route, Caller, string, undefined]),
        ),
      },
    );
  });
});
