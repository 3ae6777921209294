import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me, post, registerProbe, registration, uniqueEmail } from '../../testing/account-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ACCOUNT_ROUTE_MESSAGES as M } from './account-messages';

let t: TestApp;
const email = uniqueEmail('login');
const password = 'correct horse 1';
let userId: string;

beforeAll(async () => {
  t = await createTestApp({ register: registerProbe });
  const registered = await post(
    t,
    '/register',
    registration({ email, password, cpassword: password }),
  );
  userId = registered.json().user.id;
});

afterAll(async () => {
  await t?.close();
});

describe('POST /login', () => {
  it('signs in with the e-mail in any case and spacing', async () => {
    const response = await post(t, '/login', { email: `  ${email.toUpperCase()} `, password });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      token: expect.any(String),
      user: { id: userId, email, name: 'Asha Verma', role: 'user' },
      message: 'Logged in',
    });
    expect((await me(t, answer.token)).json()).toEqual({ id: userId, role: 'user' });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await post(t, '/login', { email, password: 'wrong password' });
    const unknown = await post(t, '/login', { email: uniqueEmail('nobody'), password });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: M.loginFailed });
    }
  });

  it.each([
    ['nothing', {}],
    ['no password', { email }],
    ['a blank e-mail', { email: '   ', password }],
  ])('asks for both fields when given %s', async (_case, body) => {
    const response = await post(t, '/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please enter email and password' });
  });

  it('limits guesses per address and e-mail to 10 a minute', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 10; i += 1) {
      expect((await post(t, '/login', { email, password: `guess ${i}` }, { ip })).statusCode).toBe(
        401,
      );
    }
    const limited = await post(t, '/login', { email, password }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: M.tooManyAttempts });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another account from the same address, and the same account from elsewhere, still work.
    const other = await post(t, '/login', { email: uniqueEmail('x'), password }, { ip });
    expect(other.statusCode).toBe(401);
    expect((await post(t, '/login', { email, password })).statusCode).toBe(200);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token: the same token is refused afterwards', async () => {
    const { token } = (await post(t, '/login', { email, password })).json();
    expect((await me(t, token)).statusCode).toBe(200);

    const logout = await post(t, '/auth/logout', undefined, { token });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Logged out' });

    expect((await me(t, token)).statusCode).toBe(401);
    expect((await post(t, '/auth/logout', undefined, { token })).statusCode).toBe(401);
    // Other sessions of the same account are not affected.
    const { token: second } = (await post(t, '/login', { email, password })).json();
    expect((await me(t, second)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const response = await post(t, '/auth/logout', undefined);
    expect(response.statusCode).toBe(401);
  });
});
