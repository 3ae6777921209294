import { randomUUID } from 'node:crypto';
import { TEXT_MESSAGES } from '@shortlist/domain';
import { validResumePayload } from '@shortlist/domain/testing';
import type { JsonObject } from '@shortlist/eventstore';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshIp, registration } from '../testing/account-test-kit';
import { createInfluencerTestApp, type InfluencerTestApp } from '../testing/influencer-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';
import { emailReservationStreamName } from './accounts/register-account';

/**
 * Unpaired UTF-16 surrogates (`"\ud800"` in a JSON body) at the edge and at the store. They
 * used to pass the contract: the registration was stored (its sealed name stored fine) and its
 * projection failed, so the e-mail was burned for good; a paid order vanished from the
 * customer's history; an influencer query answered 500. Now the contract refuses them with its
 * own message, and what gets past the contract is refused by the store before anything is
 * written.
 */

let t: InfluencerTestApp;
let customer: string;
let influencer: { id: string; token: string };

async function call(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const response = await t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const refused = { status: 400, body: { message: TEXT_MESSAGES.illFormed } };

beforeAll(async () => {
  t = await createInfluencerTestApp();
  const registered = await call('POST', '/api/register', registration());
  expect(registered.status).toBe(201);
  customer = String(registered.body.token);
  influencer = await t.seedInfluencer('Surrogate Tester');
});

afterAll(async () => {
  await t?.close();
});

describe('a registration with an unpaired surrogate in the name', () => {
  it.each([
    ['high', 'Asha\ud800 Rao'],
    ['low', '\udfffAsha'],
    ['reversed pair', 'Asha \ude00\ud83d'],
  ])(
    '(%s) is refused, stores nothing, and the address registers and signs in after',
    async (_kind, name) => {
      const before = await t.services.store.committedHeadPosition();
      const body = registration({ name });
      expect(await call('POST', '/api/register', body)).toEqual(refused);
      expect(await t.services.store.committedHeadPosition()).toBe(before);
      const reservation = await t.services.store.readStream(emailReservationStreamName(body.email));
      expect(reservation.events).toEqual([]);

      const again = await call('POST', '/api/register', { ...body, name: 'Asha Rao 😀' });
      expect(again.status).toBe(201);
      const login = await call('POST', '/api/login', {
        email: body.email,
        password: body.password,
      });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ name: 'Asha Rao 😀' });
    },
  );
});

describe('an order with an unpaired surrogate', () => {
  it('is refused and stores nothing; the same form without it is placed and listed', async () => {
    const resume = validResumePayload();
    const before = await t.services.store.committedHeadPosition();
    const broken = { ...resume, personal: { ...resume.personal, fullName: 'Asha\ud800 Rao' } };
    expect(await call('POST', '/api/resume', broken, customer)).toEqual(refused);
    expect(
      await call('POST', '/api/resume', { ...resume, summary: 'Data \udc00' }, customer),
    ).toEqual(refused);
    expect(await t.services.store.committedHeadPosition()).toBe(before);

    const placed = await call('POST', '/api/resume', resume, customer);
    expect(placed.status).toBe(201);
    const order = await call(
      'GET',
      `/api/orders/${String(placed.body.orderId)}`,
      undefined,
      customer,
    );
    expect(order.status).toBe(200);
  });
});

describe('an influencer query with an unpaired surrogate', () => {
  it.each([
    ['message', { subject: 'Payout', message: 'When \ud800?' }],
    ['subject', { subject: 'Pay\udbffout', message: 'When?' }],
  ])('in the %s is a 400, not a 500', async (_field, body) => {
    expect(await call('POST', '/api/influencer/queries', body, influencer.token)).toEqual(refused);
  });
});

describe('the store, for what gets past the contract', () => {
  let probe: TestApp;

  // A route that records whatever it is sent, as a handler reading a multipart field or
  // copying text from elsewhere would: only the store stands between it and the history.
  const recordAnything: FastifyPluginAsyncZod = async (api) => {
    api.post(
      '/record/:type',
      {
        schema: { params: z.object({ type: z.string() }), body: z.record(z.string(), z.unknown()) },
      },
      async (request) => {
        const streamName = `probe-${randomUUID()}`;
        await api.store.append(streamName, [
          {
            id: randomUUID(),
            type: request.params.type,
            data: request.body as JsonObject,
            metadata: { actor: 'probe' },
          },
        ]);
        return { streamName };
      },
    );
  };

  beforeAll(async () => {
    probe = await createTestApp({
      runProjections: false,
      register: async (app) => {
        await app.register(recordAnything, { prefix: '/api/probe' });
      },
    });
  });

  afterAll(async () => {
    await probe?.close();
  });

  const record = (type: string, data: unknown) =>
    probe.app.inject({ method: 'POST', url: `/api/probe/record/${type}`, payload: data as object });

  it.each([
    // UserRegistered's name is a personal field: checked before it is sealed into ciphertext.
    [
      'a sealed personal field',
      'UserRegistered',
      { userId: 'u1', name: 'Asha\ud800' },
      TEXT_MESSAGES.illFormed,
    ],
    ['a plain field', 'QueryOpened', { message: 'Help \udfff' }, TEXT_MESSAGES.illFormed],
    ['a key', 'QueryOpened', { 'mes\ud800sage': 'Help' }, TEXT_MESSAGES.illFormed],
    [
      'NUL in a sealed field',
      'UserRegistered',
      { userId: 'u1', name: 'Asha\u0000' },
      TEXT_MESSAGES.controlCharacters,
    ],
  ])('refuses %s with a 400 and writes nothing', async (_what, type, data, message) => {
    const before = await probe.services.store.committedHeadPosition();
    const answer = await record(type, data);
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({
      status: 400,
      body: { message },
    });
    expect(await probe.services.store.committedHeadPosition()).toBe(before);
    // Logged with where it was, never what it was.
    const logged = probe.logs.lines.filter((line) => line.includes('un-storable event'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain('Asha');
  });

  it('stores what jsonb holds, sealed where personal', async () => {
    const answer = await record('UserRegistered', { userId: 'u1', name: 'Asha 😀 \u061c' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { events } = await probe.services.store.readStream(answer.json().streamName);
    expect(events.map((event) => event.data)).toEqual([{ userId: 'u1', name: 'Asha 😀 \u061c' }]);
  });
});
