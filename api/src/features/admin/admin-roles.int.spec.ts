import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerNamed } from '../../testing/admin-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Every admin route of this slice × every kind of caller: only an admin token gets past the
// context. Auth runs before validation, so whatever the id or body, a non-admin gets exactly
// 401 (no or a bad token) or 403 (a valid token of another role), never a 2xx.
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Route = { method: Method; path: (id: string) => string };

const ROUTES: Route[] = [
  { method: 'GET', path: () => '/api/admin/stats?limit=1' },
  { method: 'GET', path: () => '/api/admin/orders?q=a&status=pending&page=1&limit=50' },
  { method: 'GET', path: (id) => `/api/admin/orders/${id}` },
  { method: 'PATCH', path: (id) => `/api/admin/orders/${id}` },
  { method: 'POST', path: (id) => `/api/admin/orders/${id}/attachments` },
  { method: 'DELETE', path: (id) => `/api/admin/orders/${id}/attachments/cv.pdf` },
  { method: 'DELETE', path: (id) => `/api/admin/orders/${id}/attachments` },
  { method: 'PUT', path: (id) => `/api/admin/orders/${id}/suggestions` },
  { method: 'GET', path: (id) => `/api/admin/orders/${id}/history` },
  { method: 'GET', path: () => '/api/admin/users?q=a' },
  { method: 'GET', path: () => '/api/admin/queries?sort=-createdAt' },
  { method: 'GET', path: (id) => `/api/admin/queries/${id}` },
  { method: 'POST', path: (id) => `/api/admin/queries/${id}/reply` },
  { method: 'DELETE', path: (id) => `/api/admin/queries/${id}` },
];

const CALLERS = ['anonymous', 'forged', 'customer', 'influencer', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

let t: TestApp;
let headers: Record<Caller, Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp();
  const customer = await registerNamed(t, { name: 'Asha', email: 'asha@example.com' });
  const admin = await registerNamed(t, { name: 'Root', email: 'root@example.com', role: 'admin' });
  const influencer = await t.tokenFor({ id: randomUUID(), role: 'influencer' });
  // An admin claim signed with another key: the signature check must refuse it.
  const [head, payload] = admin.token.split('.');
  headers = {
    anonymous: {},
    forged: { authorization: `Bearer ${head}.${payload}.${'x'.repeat(43)}` },
    customer: customer.auth,
    influencer: { authorization: `Bearer ${influencer}` },
    admin: admin.auth,
  };
});

afterAll(async () => {
  await t?.close();
});

const EXPECTED: Record<Exclude<Caller, 'admin'>, number> = {
  anonymous: 401,
  forged: 401,
  customer: 403,
  influencer: 403,
};

describe('the admin routes', () => {
  it('answer only admins: 401 without a valid token, 403 for other roles', async () => {
    const body = fc.oneof(
      fc.constant(undefined),
      fc.record({ status: fc.string(), text: fc.string(), body: fc.string(), close: fc.boolean() }),
    );
    // Ids that exist nowhere: an admin's calls then change nothing (404/400), and the property
    // can run any number of times.
    const id = fc.oneof(fc.uuid(), fc.stringMatching(/^[a-z0-9-]{1,40}$/));
    const examples = ROUTES.flatMap((route) =>
      CALLERS.map((caller): [Route, Caller, string, undefined] => [
        route,
        caller,
        randomUUID(),
        undefined,
      ]),
    );
    const covered = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom(...CALLERS),
        id,
        body,
        async (route, caller, orderId, payload) => {
          covered.add(`${ROUTES.indexOf(route)}:${caller}`);
          const response = await t.app.inject({
            method: route.method,
            url: route.path(orderId),
            headers: headers[caller],
            ...(payload === undefined ? {} : { payload }),
          });
          if (caller === 'admin') {
            expect(response.statusCode).not.toBe(401);
            expect(response.statusCode).not.toBe(403);
            expect(response.statusCode).toBeLessThan(500);
          } else {
            expect(response.statusCode).toBe(EXPECTED[caller]);
            expect(response.json()).toEqual({
              message:
                caller === 'anonymous' || caller === 'forged' ? 'Please log in.' : 'Access denied.',
            });
          }
        },
      ),
      { examples, numRuns: examples.length + 60 },
    );
    // The examples guarantee the whole matrix, whatever the random runs picked.
    expect(covered.size).toBe(ROUTES.length * CALLERS.length);
  });
});
