import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAIL_SUBJECT } from '../../mail/templates/account-mails';
import { type SmtpTestServer, startSmtpTestServer } from '../../mail/testing/smtp-test-server';
import { post, registration, uniqueEmail } from '../../testing/account-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ACCOUNT_ROUTE_MESSAGES as M } from './account-messages';
import { requestPasswordReset } from './forgot-password.route';

let smtp: SmtpTestServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'https://shortlist.test' },
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function newAccount(password = 'old password 1') {
  const email = uniqueEmail('reset');
  const response = await post(
    t,
    '/register',
    registration({ email, password, cpassword: password }),
  );
  expect(response.statusCode).toBe(201);
  return { email, password, userId: response.json().user.id as string };
}

const LINK = /https:\/\/shortlist\.test\/forgot\?token=([A-Za-z0-9._%-]+)/;

/** The reset link's token from the one mail sent to `to`. */
async function tokenMailedTo(to: string): Promise<string> {
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(to)).length).toBe(1);
  const mail = smtp.received.find((received) => received.to.includes(to));
  expect(mail?.subject).toBe(RESET_MAIL_SUBJECT);
  const token = LINK.exec(mail?.text ?? '')?.[1];
  if (token === undefined) throw new Error(`No reset link in: ${mail?.text}`);
  expect(mail?.html).toContain(`href="https://shortlist.test/forgot?token=${token}"`);
  return decodeURIComponent(token);
}

describe('POST /forgot', () => {
  it('answers an unknown e-mail exactly as a known one, and mails only the known one', async () => {
    const { email } = await newAccount();
    const before = smtp.received.length;
    const unknown = await post(t, '/forgot', { email: uniqueEmail('nobody') });
    const known = await post(t, '/forgot', { email: ` ${email.toUpperCase()} ` });
    for (const response of [unknown, known]) {
      expect(response.statusCode).toBe(200);
      // With a real mail server there is no preview link to give away.
      expect(response.json()).toEqual({ message: M.resetLinkSent });
    }
    await tokenMailedTo(email);
    await t.services.queue.whenIdle();
    expect(smtp.received.length).toBe(before + 1);
  });

  it('asks for the e-mail when it is blank', async () => {
    for (const body of [{}, { email: '  ' }]) {
      const response = await post(t, '/forgot', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Please enter your email.' });
    }
  });

  it('limits requests per address and e-mail to 5 a minute', async () => {
    const ip = '203.0.113.9';
    const email = uniqueEmail('spam');
    for (let i = 0; i < 5; i += 1) {
      expect((await post(t, '/forgot', { email }, { ip })).statusCode).toBe(200);
    }
    const limited = await post(t, '/forgot', { email }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: M.tooManyAttempts });
  });
});

describe('POST /forgot/reset', () => {
  it('resets through the mailed link once; the new password works and the old one not', async () => {
    const account = await newAccount();
    await post(t, '/forgot', { email: account.email });
    const token = await tokenMailedTo(account.email);

    const short = await post(t, '/forgot/reset', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: M.passwordTooShort });

    const reset = await post(t, '/forgot/reset', { token, password: 'new password 2' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password updated. You can now log in.' });

    const withNew = await post(t, '/login', { email: account.email, password: 'new password 2' });
    expect(withNew.statusCode).toBe(200);
    const withOld = await post(t, '/login', { email: account.email, password: account.password });
    expect(withOld.statusCode).toBe(401);

    const again = await post(t, '/forgot/reset', { token, password: 'third password 3' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: M.resetLinkInvalid });
  });

  it('refuses a link older than an hour', async () => {
    const account = await newAccount();
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    const { token } = await requestPasswordReset(t.app, {
      ...account,
      name: 'Asha',
      metadata: { actor: 'anonymous', correlationId: 'test', causationId: null, now: twoHoursAgo },
    });
    const response = await post(t, '/forgot/reset', { token, password: 'new password 2' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: M.resetLinkInvalid });
    expect((await post(t, '/login', account)).statusCode).toBe(200);
  });

  it('honours only the newest link', async () => {
    const account = await newAccount();
    const metadata = {
      actor: 'anonymous',
      correlationId: 'test',
      causationId: null,
      now: new Date().toISOString(),
    };
    const first = await requestPasswordReset(t.app, { ...account, name: null, metadata });
    const second = await requestPasswordReset(t.app, { ...account, name: null, metadata });
    expect(
      (await post(t, '/forgot/reset', { token: first.token, password: 'new password 2' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(t, '/forgot/reset', { token: second.token, password: 'new password 2' }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    ['a missing token', { password: 'new password 2' }],
    ['a malformed token', { token: 'garbage', password: 'new password 2' }],
    [
      'a well-formed token of no account',
      {
        token: `00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`,
        password: 'new password 2',
      },
    ],
  ])('refuses %s', async (_case, body) => {
    const response = await post(t, '/forgot/reset', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: M.resetLinkInvalid });
  });
});
