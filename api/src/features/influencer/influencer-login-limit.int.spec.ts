import { INFLUENCER_ROUTE_MESSAGES as M } from '@shortlist/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/account-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { INFLUENCER_LOGIN_PER_IP_LIMIT } from './influencer-login.route';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const login = (ip: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/influencer/login',
    remoteAddress: ip,
    payload: { email, password: 'guess password 1' },
  });

describe('influencer login per IP', () => {
  it('refuses the 41st attempt in a minute from one address, whatever the e-mails', async () => {
    expect(INFLUENCER_LOGIN_PER_IP_LIMIT.max).toBe(40);
    const ip = '198.51.100.41';
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      expect((await login(ip, uniqueEmail(`guess${attempt}`))).statusCode).toBe(401);
    }
    const limited = await login(ip, uniqueEmail('guess41'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: M.tooManyAttempts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one's guesses.
    expect((await login('198.51.100.42', uniqueEmail('other'))).statusCode).toBe(401);
  });
});
