import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { adminContext, customerContext, influencerContext } from './auth-context';

// Small routes in each kind of context, registered the way the real slices are.
const whoAmI: FastifyPluginAsyncZod = async (routes) => {
  routes.get('/me', async (request) => ({ id: request.user.id, role: request.user.role }));
};
const customerRoutes: FastifyPluginAsyncZod = async (routes) => {
  await routes.register(whoAmI);
  routes.post('/logout', async (request) => {
    await routes.revocations.revoke(request.user.jti, request.user.expiresAt);
    return { ok: true };
  });
};
const probe: FastifyPluginAsyncZod = async (api) => {
  api.get('/public', async () => ({ ok: true }));
  await api.register(customerContext(customerRoutes), { prefix: '/customer' });
  await api.register(adminContext(whoAmI), { prefix: '/admin' });
  await api.register(influencerContext(whoAmI), { prefix: '/influencer' });
};

let t: TestApp;
const secret = randomBytes(32).toString('hex');

beforeAll(async () => {
  t = await createTestApp({
    env: { JWT_SECRET: secret },
    register: async (app) => {
      await app.register(probe, { prefix: '/api/probe' });
    },
  });
});

afterAll(async () => {
  await t?.close();
});

function get(url: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/probe${url}`,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

/** A hand-made HS256 token, to forge what a login would never issue. */
function handMadeToken(claims: Record<string, unknown>, key = secret, alg = 'HS256'): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg, typ: 'JWT' })}.${encode(claims)}`;
  const signature =
    alg === 'none' ? '' : createHmac('sha256', key).update(body).digest('base64url');
  return `${body}.${signature}`;
}

const now = () => Math.floor(Date.now() / 1000);

describe('public context', () => {
  it('needs no token and ignores a bad one', async () => {
    expect((await get('/public')).statusCode).toBe(200);
    expect((await get('/public', 'not-a-token')).statusCode).toBe(200);
  });
});

describe('authenticated contexts', () => {
  it('answer 401 without a token', async () => {
    for (const url of ['/customer/me', '/admin/me', '/influencer/me']) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please log in.' });
    }
  });

  it('answer 401 for a malformed, forged, unsigned or expired token', async () => {
    const claims = { sub: 'u1', role: 'user', jti: randomUUID(), iat: now(), exp: now() + 60 };
    const bad = [
      'garbage',
      handMadeToken(claims, 'another-secret-another-secret-another'),
      handMadeToken(claims, secret, 'none'),
      handMadeToken({ ...claims, iat: now() - 120, exp: now() - 60 }),
      handMadeToken({ ...claims, role: 'superuser' }),
    ];
    for (const token of bad) {
      const response = await get('/customer/me', token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please log in.' });
    }
    // A good token in a header that is not `Bearer <token>` is no token.
    for (const authorization of [
      handMadeToken(claims),
      `Basic ${handMadeToken(claims)}`,
      'Bearer ',
      `Bearer ${handMadeToken(claims)} x`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/probe/customer/me',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please log in.' });
    }
    // The same claims, properly signed and in date, pass: the cases above fail for their flaw.
    expect((await get('/customer/me', handMadeToken(claims))).statusCode).toBe(200);
  });

  it('refuse a token once it has expired, though it was verified (and remembered) before', async () => {
    const claims = { sub: 'u2', role: 'user', jti: randomUUID(), iat: now(), exp: now() + 60 };
    const token = handMadeToken(claims);
    expect((await get('/customer/me', token)).statusCode).toBe(200);
    expect((await get('/customer/me', token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((claims.exp + 1) * 1000);
      const response = await get('/customer/me', token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please log in.' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('take the user from the verified token', async () => {
    const token = await t.tokenFor({ id: 'user-42', role: 'user' });
    const response = await get('/customer/me', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'user-42', role: 'user' });
  });

  it.each([
    ['user', '/customer/me', 200],
    ['admin', '/customer/me', 200],
    ['influencer', '/customer/me', 403],
    ['user', '/admin/me', 403],
    ['influencer', '/admin/me', 403],
    ['admin', '/admin/me', 200],
    ['influencer', '/influencer/me', 200],
    ['user', '/influencer/me', 403],
    ['admin', '/influencer/me', 403],
  ] as const)('role %s on %s answers %i', async (role, url, status) => {
    const response = await get(url, await t.tokenFor({ id: `${role}-1`, role }));
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json()).toEqual({ message: 'Access denied.' });
  });

  it('refuse a token after logout, and only that token', async () => {
    const token = await t.tokenFor({ id: 'user-7', role: 'user' });
    const other = await t.tokenFor({ id: 'user-7', role: 'user' });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/probe/customer/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await get('/customer/me', token)).statusCode).toBe(401);
    expect((await get('/customer/me', other)).statusCode).toBe(200);
  });
});
