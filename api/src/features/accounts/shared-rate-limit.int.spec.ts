import { afterAll, beforeAll, expect, it } from 'vitest';
import { post, uniqueEmail } from '../../testing/account-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Services mode runs several API instances behind one address. With REDIS_URL they count
// attempts in Redis, so a guesser cannot multiply the limit by spreading over instances.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  [first, second] = await Promise.all([
    createTestApp({ env: { REDIS_URL } }),
    createTestApp({ env: { REDIS_URL } }),
  ]);
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

it('counts login attempts across API instances that share Redis', async () => {
  const email = uniqueEmail('shared-limit');
  const ip = '203.0.113.77';
  for (let i = 0; i < 10; i += 1) {
    const instance = i % 2 === 0 ? first : second;
    const answer = await post(instance, '/login', { email, password: `guess ${i}` }, { ip });
    expect(answer.statusCode).toBe(401);
  }
  expect((await post(first, '/login', { email, password: 'guess 10' }, { ip })).statusCode).toBe(
    429,
  );
  expect((await post(second, '/login', { email, password: 'guess 11' }, { ip })).statusCode).toBe(
    429,
  );
});
