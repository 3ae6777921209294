import { randomBytes, randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser } from '../testing/orders-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';
import { sessionSubject } from './auth-token';

/*
 * Two API instances on one database. Each answers "is this token still good?" from memory kept
 * fresh by NOTIFY (token-revocations.ts): a session ended on one must be refused by the other
 * on the very next request, with no wait in between.
 */

let database: TestDatabase;
// One secret: a token A signs is good on B, as behind one load balancer.
const secret = randomBytes(32).toString('hex');
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  database = await createTestDatabase('api_sessions');
  a = await createTestApp({ databaseUrl: database.url, env: { JWT_SECRET: secret } });
  b = await createTestApp({
    databaseUrl: database.url,
    env: { JWT_SECRET: secret },
    runProjections: false,
  });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await database?.drop();
});

async function run(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const stats = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/me/stats',
    headers: { authorization: `Bearer ${token}` },
  });

describe('session ends across API instances', () => {
  it('a logout on A is refused by B at once; other sessions go on', async () => {
    const user = await registerUser(a);
    const other = await a.tokenFor({ id: user.id, role: 'user' });
    expect((await stats(b, user.token)).statusCode).toBe(200);

    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(out.statusCode).toBe(200);

    // B learns it from PostgreSQL's NOTIFY, delivered after A's commit: a settled refusal is
    // awaited (milliseconds on a quiet machine), never a fixed sleep.
    const refused = await vi.waitFor(
      async () => {
        const answer = await stats(b, user.token);
        expect(answer.statusCode).toBe(401);
        return answer;
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(refused.json()).toEqual({ message: 'Please log in.' });
    expect((await stats(a, user.token)).statusCode).toBe(401);
    expect((await stats(b, other)).statusCode).toBe(200);
  });

  it('a credential change on A ends on B every session issued before it, not those after', async () => {
    const user = await registerUser(a);
    const before = await b.tokenFor({ id: user.id, role: 'user' });
    expect((await stats(b, before)).statusCode).toBe(200);

    await a.services.revocations.endSessionsOf(sessionSubject({ id: user.id, role: 'user' }));

    // As above: B hears of it by NOTIFY.
    await vi.waitFor(async () => expect((await stats(b, before)).statusCode).toBe(401), {
      timeout: 5_000,
      interval: 20,
    });
    // B issues the new generation at once too.
    const after = await b.tokenFor({ id: user.id, role: 'user' });
    expect((await stats(b, after)).statusCode).toBe(200);
    expect((await stats(a, after)).statusCode).toBe(200);
  });

  it('answers from memory: checks keep working while the tables cannot be read', async () => {
    const user = await registerUser(a);
    const revokedJti = randomUUID();
    await a.services.revocations.revoke(revokedJti, new Date(Date.now() + 60_000));
    // Any query of the session tables would now fail: memory must answer on its own.
    await run('ALTER TABLE api.revoked_tokens RENAME TO revoked_tokens_away');
    await run('ALTER TABLE api.credential_generations RENAME TO credential_generations_away');
    try {
      const answers = await Promise.all([
        b.services.revocations.isRejected({
          jti: revokedJti,
          subject: `user:${randomUUID()}`,
          generation: 0,
        }),
        b.services.revocations.isRejected({ jti: randomUUID(), subject: 'user:x', generation: 0 }),
      ]);
      expect(answers).toEqual([true, false]);
      expect((await stats(b, user.token)).statusCode).toBe(200);
    } finally {
      await run('ALTER TABLE api.revoked_tokens_away RENAME TO revoked_tokens');
      await run('ALTER TABLE api.credential_generations_away RENAME TO credential_generations');
    }
  });
});
