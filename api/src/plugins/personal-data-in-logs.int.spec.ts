import { validResumePayload } from '@shortlist/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../files/testing/document-fixtures';
import { freshIp } from '../testing/account-test-kit';
import {
  createOrdersTestApp,
  multipartForm,
  type OrdersTestApp,
  registerUser,
  type TestUser,
} from '../testing/orders-test-kit';

// A customer's and an admin's journey through the API with the server's own logger (the one
// `npm start` uses, at its default level) writing to a collector; then not one log line may
// hold a piece of anyone's personal data or a credential: e-mail (as typed, lower-cased or
// percent-encoded in a URL), name, phone, address, password, bearer token or reset token.

let t: OrdersTestApp;
let admin: TestUser;

const person = {
  name: 'Zoya Quillfeather',
  email: 'Zoya.Quill+cv@Example.org',
  phone: '9812345670',
  address: '42 Lantern Street, Nashik',
  password: 'plum orchard 77',
  newPassword: 'copper kettle 88',
};
const secrets = new Set<string>();

beforeAll(async () => {
  t = await createOrdersTestApp();
  admin = await registerUser(t, { role: 'admin' });
  const email = person.email;
  for (const value of [
    person.name,
    email,
    email.toLowerCase(),
    encodeURIComponent(email),
    encodeURIComponent(email.toLowerCase()),
    person.phone,
    person.address,
    person.password,
    person.newPassword,
    admin.token,
  ]) {
    // As typed, and as a URL carries it (percent-encoded, or a form's + for a space).
    secrets.add(value);
    secrets.add(encodeURIComponent(value));
    secrets.add(value.replaceAll(' ', '+'));
  }
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function call(
  method: Method,
  url: string,
  options: { token?: string; body?: object; headers?: Record<string, string> } = {},
) {
  const response = await t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: {
      ...options.headers,
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
    },
    ...(options.body === undefined ? {} : { payload: options.body }),
  });
  return response;
}

describe('the request log of a whole journey', () => {
  it('holds no e-mail, name, phone, address, password or token', async () => {
    const lower = person.email.toLowerCase();
    // Register, log in (once wrong), ask for a reset and use it, log in again.
    const registered = await call('POST', '/api/register', {
      body: {
        name: person.name,
        email: person.email,
        password: person.password,
        cpassword: person.password,
      },
      headers: { 'x-ref': 'NOSUCHCODE' },
    });
    expect(registered.statusCode).toBe(201);
    const wrong = await call('POST', '/api/login', {
      body: { email: person.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    const login = await call('POST', '/api/login', {
      body: { email: person.email, password: person.password },
    });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().token;
    secrets.add(token);

    expect((await call('POST', '/api/forgot', { body: { email: person.email } })).statusCode).toBe(
      200,
    );
    const resetToken = await resetTokenFor(lower);
    secrets.add(resetToken);
    const reset = await call('POST', '/api/forgot/reset', {
      body: { token: resetToken, password: person.newPassword },
    });
    expect(reset.statusCode).toBe(200);
    // The reset link as a visitor opens it: the token in the query string.
    await call('GET', `/forgot?token=${encodeURIComponent(resetToken)}`);
    await call('GET', `/api/forgot?token=${encodeURIComponent(resetToken)}&email=${lower}`);
    const again = await call('POST', '/api/login', {
      body: { email: lower, password: person.newPassword },
    });
    expect(again.statusCode).toBe(200);
    const customer: string = again.json().token;
    secrets.add(customer);

    // Order from the builder (the form names the person) and by upload; pay; read it back.
    const resume = validResumePayload();
    const placed = await call('POST', '/api/resume', {
      token: customer,
      body: {
        ...resume,
        personal: {
          ...resume.personal,
          fullName: person.name,
          email: person.email,
          phone: person.phone,
          address: person.address,
        },
        currency: 'inr',
      },
    });
    expect(placed.statusCode).toBe(201);
    const orderId: string = placed.json().orderId;
    const form = multipartForm([
      ['service', 'resume_review'],
      ['description', `Call me on ${person.phone}`],
      ['file', { filename: `${person.name}.pdf`, content: minimalPdf() }],
      ['currency', 'inr'],
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/orders/service',
      headers: { authorization: `Bearer ${customer}`, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    expect(
      (await call('POST', '/api/payments/checkout', { token: customer, body: { orderId } }))
        .statusCode,
    ).toBe(200);
    const history = await call('GET', `/api/orders/history/${encodeURIComponent(person.email)}`, {
      token: customer,
    });
    expect(history.statusCode).toBe(200);
    await call('GET', `/api/orders/history/${lower}`, { token: customer });
    await call('GET', `/api/orders/history/${encodeURIComponent('someone.else@example.org')}`, {
      token: customer,
    });
    secrets.add('someone.else@example.org');
    await call('POST', '/api/resume/preview.pdf', { token: customer, body: resume });

    // The contact form, valid and refused.
    expect(
      (
        await call('POST', '/api/queries', {
          body: {
            pid: '',
            contactemail: person.email,
            contactmessage: `Please call ${person.phone}`,
          },
        })
      ).statusCode,
    ).toBe(201);
    await call('POST', '/api/queries', {
      body: { pid: '', contactemail: 'not-an-address', contactmessage: person.address },
    });

    // The admin searches for the person by e-mail and name, everywhere.
    for (const q of [person.email, person.name, person.phone]) {
      const query = `?q=${encodeURIComponent(q)}`;
      for (const list of ['/orders', '/users', '/queries', '/influencers', '/influencer-queries']) {
        const answer = await call('GET', `/api/admin${list}${query}`, { token: admin.token });
        expect(answer.statusCode, list).toBe(200);
      }
    }
    await call('GET', `/api/admin/orders?q=${lower}&status=pending`, { token: admin.token });
    const outbox = await call('GET', '/api/admin/outbox', { token: admin.token });
    expect(outbox.statusCode).toBe(200);

    // An influencer guessing with the person's e-mail; a stale token; a malformed body.
    await call('POST', '/api/influencer/login', {
      body: { email: person.email, password: person.password },
    });
    await call('GET', '/api/me/stats', { token: `${customer}x` });
    await call('POST', '/api/login', { body: { email: person.email } });
    for (const broken of [
      `{"email":"${person.email}","password":`,
      `{"email":"${person.email}" "password":"${person.password}"}`,
      `{"email":"${person.email}","password":"${person.password}",}`,
    ]) {
      await call('POST', '/api/login', {
        body: broken as unknown as object,
        headers: { 'content-type': 'application/json' },
      });
    }
    // An attachment's file name, which often carries the person's name.
    await call(
      'GET',
      `/api/orders/${orderId}/attachments/${encodeURIComponent(`${person.name} CV.pdf`)}`,
      {
        token: customer,
      },
    );
    await t.services.queue.whenIdle();

    const lines = t.logs.lines;
    expect(lines.length).toBeGreaterThan(40);
    const leaks = lines.flatMap((line) =>
      [...secrets]
        .filter((secret) => line.toLowerCase().includes(secret.toLowerCase()))
        .map((secret) => ({ secret, line })),
    );
    expect(leaks).toEqual([]);
    // The request log still says which route ran and how it ended.
    const completed = t.logs.entries().filter((entry) => entry.msg === 'request completed');
    expect(completed.length).toBeGreaterThan(20);
    expect(lines.some((line) => line.includes('/api/orders/history/'))).toBe(true);
  });
});

/** The reset token in the mail the outbox holds for `email`. */
async function resetTokenFor(email: string): Promise<string> {
  let mailId = '';
  await expect
    .poll(async () => {
      const list = await call('GET', '/api/admin/outbox', { token: admin.token });
      const items: { id: string; to: string }[] = list.json().items;
      mailId = items.find((item) => item.to === email)?.id ?? '';
      return mailId !== '';
    })
    .toBe(true);
  const mail = await call('GET', `/api/admin/outbox/${mailId}`, { token: admin.token });
  const match = /forgot\?token=([^"&<\s]+)/.exec(mail.body);
  if (match?.[1] === undefined) throw new Error('no reset link in the mail');
  return decodeURIComponent(match[1]);
}
