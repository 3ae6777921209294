import { DomainError, type DomainErrorKind } from '@shortlist/domain';
import { WrongExpectedVersionError } from '@shortlist/eventstore';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/test-app';

const probeRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post(
    '/signup',
    { schema: { body: z.object({ email: z.email(), age: z.number().int() }) } },
    async (request) => ({ email: request.body.email }),
  );
  api.post(
    '/query',
    { schema: { body: z.object({ text: z.string().min(1, 'Enter your issue') }) } },
    async () => ({ ok: true }),
  );
  api.get(
    '/domain/:kind',
    {
      schema: {
        params: z.object({
          kind: z.enum(['invalid', 'forbidden', 'not_found', 'conflict', 'gone']),
        }),
      },
    },
    async (request) => {
      throw new DomainError(
        request.params.kind as DomainErrorKind,
        `Refused: ${request.params.kind}`,
      );
    },
  );
  api.get('/race', async () => {
    throw new WrongExpectedVersionError('order-1', 3, 4);
  });
  api.get('/boom', async () => {
    throw new Error('connection to 10.0.0.7 refused');
  });
  api.get(
    '/leaky',
    { schema: { response: { 200: z.object({ name: z.string() }) } } },
    async () => ({ name: 'Asha', passwordHash: 'argon2id$secret' }),
  );
  api.post('/log', async (request) => {
    request.log.info({ headers: request.headers, body: request.body }, 'probe');
    return { ok: true };
  });
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    register: async (app) => {
      await app.register(probeRoutes, { prefix: '/api/probe' });
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('error responses', () => {
  it('answers a validation failure with 400 and a message naming the field', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/probe/signup',
      payload: { age: 3 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'email is required' });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/probe/signup',
      payload: { email: 'a@example.com', age: 'old' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/^age: Invalid input: expected number/);
  });

  it("shows a schema's own message as it is", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/query',
      payload: { text: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Enter your issue' });
  });

  it.each([
    ['invalid', 400],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['gone', 410],
  ])('maps DomainError %s to %i with its message', async (kind, status) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/probe/domain/${kind}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message: `Refused: ${kind}` });
  });

  it('answers a conflict that outlasted the retries with 409', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/race' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'The record changed while you were saving. Please try again.',
    });
  });

  it('hides an unexpected error behind a 500 and logs the real one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong. Please try again.' });
    expect(response.body).not.toContain('10.0.0.7');
    expect(t.logs.lines.some((line) => line.includes('connection to 10.0.0.7 refused'))).toBe(true);
  });

  it('never sends fields the response schema does not declare', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/leaky' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Asha' });
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/orders/nope'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers malformed JSON with a 400 message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/query',
      headers: { 'content-type': 'application/json' },
      payload: '{"text": ',
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('request logs', () => {
  it('redact authorization, cookies and password/token/secret fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/probe/log',
      headers: { authorization: 'Bearer eyJhbGciOi.bearer-value', cookie: 'sid=cookie-value' },
      payload: {
        email: 'a@example.com',
        password: 'hunter2-password',
        reset: { token: 'reset-token-value' },
        razorpay: { secret: 'razorpay-secret-value' },
      },
    });
    expect(response.statusCode).toBe(200);
    const logged = t.logs.lines.join('\n');
    expect(logged).toContain('"msg":"probe"');
    expect(logged).toContain('a@example.com');
    for (const secret of [
      'bearer-value',
      'cookie-value',
      'hunter2-password',
      'reset-token-value',
      'razorpay-secret-value',
    ]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('[redacted]');
  });
});
