import { randomBytes } from 'node:crypto';
import { validResumePayload } from '@shortlist/domain/testing';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import {
  allProjections,
  type Subscribers,
  silentLogger,
  startProjectors,
} from '@shortlist/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../testing/orders-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';
import { CONSISTENCY_TOKEN_HEADER } from './consistency-token.plugin';

/*
 * Two API instances on one database, as two servers behind one load balancer. Neither runs the
 * projections: the test starts and stops a runner itself, so it decides when the read models
 * catch up and can show that a command answers before they do, and that a read carrying the
 * command's token waits for them on the other instance.
 */

let database: TestDatabase;
// One secret: a token A signs is good on B, as behind one load balancer.
const secret = randomBytes(32).toString('hex');
let a: TestApp;
let b: TestApp;
let alice: TestUser;

function runProjections(): Subscribers {
  return startProjectors({
    store: a.services.store,
    db: a.services.db,
    projections: allProjections(),
    logger: silentLogger,
  });
}

beforeAll(async () => {
  database = await createTestDatabase('api_token');
  a = await createTestApp({
    databaseUrl: database.url,
    env: { JWT_SECRET: secret },
    runProjections: false,
  });
  b = await createTestApp({
    databaseUrl: database.url,
    runProjections: false,
    consistencyTokens: false,
    env: { JWT_SECRET: secret, PROJECTION_WAIT_MS: '60000' },
  });
  const runner = runProjections();
  try {
    alice = await registerUser(a);
  } finally {
    await runner.stop();
  }
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await database?.drop();
});

const orderOnB = (orderId: string, token?: string) =>
  b.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}`,
    headers: {
      ...alice.auth,
      ...(token === undefined ? {} : { [CONSISTENCY_TOKEN_HEADER]: token }),
    },
  });

/** Alice places an order on A: its id, and the token A answered with. */
async function placeOnA(): Promise<{ orderId: string; token: string }> {
  const placed = await a.app.inject({
    method: 'POST',
    url: '/api/resume',
    headers: alice.auth,
    payload: validResumePayload(),
  });
  expect(placed.statusCode).toBe(201);
  const token = placed.headers[CONSISTENCY_TOKEN_HEADER];
  expect(token).toMatch(/^\d{20}-\d{20}$/);
  if (typeof token !== 'string') throw new Error('no token');
  return { orderId: (placed.json() as { orderId: string }).orderId, token };
}

/** Whether `promise` settles within `ms`. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

describe('the consistency token', () => {
  it('answers a command before the read models have it; a read on another instance with its token shows it', async () => {
    const { orderId, token } = await placeOnA();

    // Nothing projects: the order is stored, but no read model shows it yet.
    expect((await orderOnB(orderId)).statusCode).toBe(404);

    // With the token, B waits for the orders read model; it catches up once a runner runs.
    const read = orderOnB(orderId, token);
    expect(await settlesWithin(read, 300)).toBe(false);
    const runner = runProjections();
    try {
      const answer = await read;
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ order: { id: orderId } });
    } finally {
      await runner.stop();
    }
  });

  it('holds a read for its token while an older open transaction keeps the write unreadable', async () => {
    const runner = runProjections();
    // Any transaction of this database that holds an id (a projector's batch, another
    // customer's append) keeps later commits unreadable until it ends: for a moment, the
    // customer's own order is committed but past the store's readable head.
    const older = new pg.Client({ connectionString: database.url });
    await older.connect();
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const { orderId, token } = await placeOnA();
      const head = await b.services.store.headPosition();
      expect(head === null || head < token).toBe(true);

      const read = orderOnB(orderId, token);
      expect(await settlesWithin(read, 300)).toBe(false);
      await older.query('COMMIT');
      const answer = await read;
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ order: { id: orderId } });
    } finally {
      await older.end();
      await runner.stop();
    }
  });

  it('costs a caught-up read nothing, and ignores a token past what the store holds', async () => {
    const runner = runProjections();
    try {
      const { orderId, token } = await placeOnA();
      expect((await orderOnB(orderId, token)).statusCode).toBe(200);

      // Far past the store's end (a made-up token): the read waits for the end, not for ever.
      const started = Date.now();
      const future = `${'9'.repeat(19)}0-${'0'.repeat(20)}`;
      expect((await orderOnB(orderId, future)).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(b.config.projectionWaitMs / 2);
      // Not a position at all: ignored.
      expect((await orderOnB(orderId, 'not-a-position')).statusCode).toBe(200);
    } finally {
      await runner.stop();
    }
  });
});
