import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestPasswordReset } from '../features/accounts/forgot-password.route';
import { me, post, registerProbe, registration, uniqueEmail } from '../testing/account-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';

// A password change ends every session opened before it; a login after it works at once (in the
// same second, which a comparison on the token's `iat` in seconds would get wrong).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ register: registerProbe });
});

afterAll(async () => {
  await t?.close();
});

const metadata = () => ({
  actor: 'anonymous',
  correlationId: randomUUID(),
  causationId: null,
  now: new Date().toISOString(),
});

describe('a customer password reset', () => {
  it('ends the sessions opened before it, and only the account’s', async () => {
    const email = uniqueEmail('victim');
    const registered = await post(t, '/register', registration({ email }));
    expect(registered.statusCode).toBe(201);
    const userId: string = registered.json().user.id;
    const registerToken: string = registered.json().token;
    const login = await post(t, '/login', { email, password: 'correct horse 1' });
    const loginToken: string = login.json().token;
    const bystander = await post(t, '/register', registration());
    const bystanderToken: string = bystander.json().token;
    for (const token of [registerToken, loginToken, bystanderToken]) {
      expect((await me(t, token)).statusCode).toBe(200);
    }

    const { token: link } = await requestPasswordReset(t.app, {
      userId,
      email,
      name: null,
      metadata: metadata(),
    });
    const reset = await post(t, '/forgot/reset', { token: link, password: 'new password 2' });
    expect(reset.statusCode).toBe(200);

    for (const token of [registerToken, loginToken]) {
      const refused = await me(t, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: 'Please log in.' });
    }
    expect((await me(t, bystanderToken)).statusCode).toBe(200);

    // Right after the change, most likely in the same second as it.
    const again = await post(t, '/login', { email, password: 'new password 2' });
    expect(again.statusCode).toBe(200);
    const fresh = await me(t, again.json().token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ id: userId, role: 'user' });
  });

  it('ends no session when the link is refused', async () => {
    const registered = await post(t, '/register', registration());
    const userId: string = registered.json().user.id;
    const forged = `${userId}.${'A'.repeat(43)}`;
    const refused = await post(t, '/forgot/reset', { token: forged, password: 'new password 2' });
    expect(refused.statusCode).toBe(400);
    expect((await me(t, registered.json().token)).statusCode).toBe(200);
  });
});

describe('an admin setting an influencer’s password', () => {
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body }),
    });
  const influencerLogin = (email: string, password: string) =>
    call('POST', '/api/influencer/login', undefined, { email, password });

  it('ends the influencer’s sessions opened before it', async () => {
    const admin = await t.tokenFor({ id: randomUUID(), role: 'admin' });
    const email = uniqueEmail('kiran');
    const created = await call('POST', '/api/admin/influencers', admin, {
      name: 'Kiran Das',
      email,
      password: 'first password 1',
    });
    expect(created.statusCode).toBe(201);
    const influencerId: string = created.json().item._id;
    const other = await call('POST', '/api/admin/influencers', admin, {
      name: 'Mira Rao',
      email: uniqueEmail('mira'),
      password: 'first password 1',
    });
    const otherToken: string = (
      await influencerLogin(other.json().item.email, 'first password 1')
    ).json().token;

    const before: string = (await influencerLogin(email, 'first password 1')).json().token;
    expect((await call('GET', '/api/influencer/dashboard', before)).statusCode).toBe(200);

    const changed = await call('PATCH', `/api/admin/influencers/${influencerId}/password`, admin, {
      password: 'second password 2',
    });
    expect(changed.statusCode).toBe(200);

    const refused = await call('GET', '/api/influencer/dashboard', before);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Please log in.' });
    expect((await call('GET', '/api/influencer/dashboard', otherToken)).statusCode).toBe(200);

    expect((await influencerLogin(email, 'first password 1')).statusCode).toBe(401);
    const after = await influencerLogin(email, 'second password 2');
    expect(after.statusCode).toBe(200);
    expect((await call('GET', '/api/influencer/dashboard', after.json().token)).statusCode).toBe(
      200,
    );
  });
});

describe('session checks asked together', () => {
  it('answers each in one batch as it would alone: revoked, older generation, current, unknown', async () => {
    const { revocations } = t.app;
    const subject = `user:${randomUUID()}`;
    const revokedJti = randomUUID();
    await revocations.revoke(revokedJti, new Date(Date.now() + 60_000));
    await revocations.endSessionsOf(subject);
    await revocations.endSessionsOf(subject);

    const answers = await Promise.all([
      revocations.isRejected({ jti: revokedJti, subject: `user:${randomUUID()}`, generation: 0 }),
      revocations.isRejected({ jti: randomUUID(), subject, generation: 1 }),
      revocations.isRejected({ jti: randomUUID(), subject, generation: 2 }),
      revocations.isRejected({ jti: randomUUID(), subject: `user:${randomUUID()}`, generation: 0 }),
    ]);

    expect(answers).toEqual([true, true, false, false]);
  });
});
