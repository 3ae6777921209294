import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerContext } from '../auth/auth-context';
import type { TestApp } from './test-app';

let nextAddress = 0;

/**
 * A client address of its own for each call unless one is given: the rate limits count per IP,
 * so tests that are not about them never share a counter, and tests that are pick one address.
 */
export function freshIp(): string {
  nextAddress += 1;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

export interface PostOptions {
  ip?: string;
  token?: string;
  headers?: Record<string, string>;
}

export function post(t: TestApp, url: string, body: unknown, options: PostOptions = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      ...options.headers,
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
    },
    payload: body as Record<string, unknown>,
  });
}

export const uniqueEmail = (name = 'user') => `${name}.${randomUUID().slice(0, 8)}@example.com`;

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Asha Verma',
    email: uniqueEmail('asha'),
    password: 'correct horse 1',
    cpassword: 'correct horse 1',
    ...overrides,
  };
}

/** A signed-in probe route, GET /api/probe/me → who the token says you are. */
export async function registerProbe(app: FastifyInstance): Promise<void> {
  const me: FastifyPluginAsyncZod = async (routes) => {
    routes.get('/me', async (request) => ({ id: request.user.id, role: request.user.role }));
  };
  await app.register(customerContext(me), { prefix: '/api/probe' });
}

export function me(t: TestApp, token: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/probe/me',
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Creates an influencer the way the admin slice will: one event on `influencer-{id}`. */
export async function createInfluencer(
  t: TestApp,
  input: { name: string; email: string; referralCode: string },
): Promise<string> {
  const influencerId = randomUUID();
  const { position } = await t.services.store.append(
    `influencer-${influencerId}`,
    [
      {
        id: randomUUID(),
        type: 'InfluencerCreated',
        data: { influencerId, ...input, passwordHash: '$argon2id$not-used-here' },
        metadata: { actor: 'admin:test', at: new Date().toISOString() },
      },
    ],
    { expectedVersion: -1 },
  );
  await t.app.waitForProjections(position, ['influencers', 'influencer-ledger']);
  return influencerId;
}
