import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInfluencer,
  me,
  post,
  registerProbe,
  registration,
  uniqueEmail,
} from '../../testing/account-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ACCOUNT_ROUTE_MESSAGES as M } from './account-messages';
import { emailReservationStreamName } from './register-account';

let t: TestApp;
let pool: pg.Pool;

beforeAll(async () => {
  t = await createTestApp({ register: registerProbe });
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await t?.close();
});

async function userRow(id: string) {
  return t.services.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('POST /register', () => {
  it('creates a signed-in customer whose token works on signed-in routes', async () => {
    const body = registration({ name: '  Asha Verma ' });
    const response = await post(t, '/register', body);
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toEqual({
      token: expect.any(String),
      user: { id: expect.any(String), email: body.email, name: 'Asha Verma', role: 'user' },
      message: M.registered,
    });
    const probe = await me(t, answer.token);
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual({ id: answer.user.id, role: 'user' });
    // Read-your-write: the users table has it by the time the answer arrives.
    expect(await userRow(answer.user.id)).toMatchObject({
      email: body.email,
      name: 'Asha Verma',
      role: 'user',
      referral_influencer_id: null,
    });
  });

  it.each([
    ['nothing', {}, M.fillAllFields],
    ['a blank name', registration({ name: '   ' }), M.fillAllFields],
    ['no confirmation', registration({ cpassword: undefined }), M.fillAllFields],
    ['different passwords', registration({ cpassword: 'something else' }), M.passwordsDoNotMatch],
    [
      'a short password',
      registration({ password: 'short', cpassword: 'short' }),
      M.passwordTooShort,
    ],
    ['a malformed e-mail', registration({ email: 'not-an-email' }), M.invalidEmail],
  ])('refuses %s with one message', async (_case, body, message) => {
    const response = await post(t, '/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('refuses an e-mail registered before, whatever its case and spaces', async () => {
    const email = uniqueEmail('dup');
    expect((await post(t, '/register', registration({ email }))).statusCode).toBe(201);
    const again = await post(t, '/register', registration({ email: `  ${email.toUpperCase()} ` }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Email already registered. Please log in.' });
  });

  it('stores the e-mail trimmed and lower-cased, so login finds it in any case', async () => {
    const email = uniqueEmail('mixed');
    const response = await post(t, '/register', registration({ email: ` ${email.toUpperCase()}` }));
    expect(response.json().user.email).toBe(email);
    const login = await post(t, '/login', {
      email: `${email.toUpperCase()}  `,
      password: 'correct horse 1',
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets exactly one of several concurrent registrations of one e-mail through', async () => {
    const email = uniqueEmail('race');
    const passwords = ['password one', 'password two', 'password three', 'password four'];
    const responses = await Promise.all(
      passwords.map((password) =>
        post(t, '/register', registration({ email, password, cpassword: password })),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    const winner = passwords[responses.findIndex((response) => response.statusCode === 201)];
    const logins = await Promise.all(
      passwords.map((password) => post(t, '/login', { email, password })),
    );
    expect(logins.map((login, i) => [passwords[i], login.statusCode])).toEqual(
      passwords.map((password) => [password, password === winner ? 200 : 401]),
    );
    const users = await t.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('completes a registration that crashed between reserving the e-mail and registering', async () => {
    const email = uniqueEmail('crashed');
    const orphanId = randomUUID();
    await t.services.store.append(
      emailReservationStreamName(email),
      [{ id: randomUUID(), type: 'EmailReserved', data: { userId: orphanId }, metadata: {} }],
      { expectedVersion: -1 },
    );
    const response = await post(t, '/register', registration({ email }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user.id).toBe(orphanId);
    expect((await post(t, '/register', registration({ email }))).statusCode).toBe(409);
  });
});

describe('referral attribution', () => {
  let influencerId: string;
  let otherInfluencerId: string;
  const influencerEmail = uniqueEmail('influencer');
  const code = `ASHA${randomUUID().slice(0, 4).toUpperCase()}`;
  const otherCode = `RAVI${randomUUID().slice(0, 4).toUpperCase()}`;

  beforeAll(async () => {
    influencerId = await createInfluencer(t, {
      name: 'Asha Influencer',
      email: influencerEmail,
      referralCode: code,
    });
    otherInfluencerId = await createInfluencer(t, {
      name: 'Ravi Influencer',
      email: uniqueEmail('ravi'),
      referralCode: otherCode,
    });
  });

  async function referralOf(response: { json(): { user: { id: string } } }) {
    const row = await userRow(response.json().user.id);
    return { influencerId: row?.referral_influencer_id, code: row?.referral_code };
  }

  it('attributes a valid code from the body, in any case', async () => {
    const response = await post(
      t,
      '/register',
      registration({ referralCode: ` ${code.toLowerCase()} ` }),
    );
    expect(response.statusCode).toBe(201);
    expect(await referralOf(response)).toEqual({ influencerId, code });
  });

  it('attributes a code from the X-Ref header, and the body wins over it', async () => {
    const fromHeader = await post(t, '/register', registration(), { headers: { 'x-ref': code } });
    expect(await referralOf(fromHeader)).toEqual({ influencerId, code });
    const both = await post(t, '/register', registration({ referralCode: otherCode }), {
      headers: { 'x-ref': code },
    });
    expect(await referralOf(both)).toEqual({ influencerId: otherInfluencerId, code: otherCode });
  });

  it('registers without attribution for an unknown code', async () => {
    const response = await post(t, '/register', registration({ referralCode: 'NOSUCHCODE' }));
    expect(response.statusCode).toBe(201);
    expect(await referralOf(response)).toEqual({ influencerId: null, code: null });
  });

  it('does not attribute a self-referral', async () => {
    const response = await post(
      t,
      '/register',
      registration({ email: influencerEmail.toUpperCase(), referralCode: code }),
    );
    expect(response.statusCode).toBe(201);
    expect(await referralOf(response)).toEqual({ influencerId: null, code: null });
  });
});

describe('personal data', () => {
  it('never stores a registered e-mail, name or password hash in clear in the event store', async () => {
    const email = uniqueEmail('secret');
    const response = await post(t, '/register', registration({ email, name: 'Zebulon Quixote' }));
    expect(response.statusCode).toBe(201);
    const { rows } = await pool.query<{ text: string }>(
      'SELECT stream_name || data::text || metadata::text AS text FROM eventstore.events',
    );
    expect(rows.length).toBeGreaterThan(0);
    const everything = rows.map((row) => row.text).join('\n');
    expect(everything).toContain(response.json().user.id);
    expect(everything).not.toContain(email);
    expect(everything).not.toContain('Zebulon');
    expect(everything).not.toContain('$argon2id$');
  });
});

describe('rate limit', () => {
  it('answers 429 after 10 registrations a minute from one address', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < 10; i += 1) {
      expect((await post(t, '/register', registration(), { ip })).statusCode).toBe(201);
    }
    const limited = await post(t, '/register', registration(), { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: M.tooManyAttempts });
    expect((await post(t, '/register', registration(), { ip: '192.0.2.11' })).statusCode).toBe(201);
  });
});
