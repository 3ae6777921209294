import { randomUUID } from 'node:crypto';
import { TEXT_MESSAGES } from '@shortlist/domain';
// The package's testing entry is the decider spec only; the fixture is reached by path.
import { validResumePayload } from '@shortlist/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../files/testing/document-fixtures';
import { freshIp, registration, uniqueEmail } from '../testing/account-test-kit';
import { createInfluencerTestApp, type InfluencerTestApp } from '../testing/influencer-test-kit';
import { multipartForm } from '../testing/orders-test-kit';
import { emailReservationStreamName } from './accounts/register-account';

/**
 * The contract's one text type on every route, so no input becomes an event the read side cannot
 * store: a string holding NUL, another control character or a bidi override never reaches a command
 * or a query. Each is refused with 400 and the contract's message; before, NUL was stored (and
 * halted the projections) or answered 500, and the others were stored as they came.
 */

let t: InfluencerTestApp;
let admin: string;
let customer: string;
let influencer: { id: string; token: string };

type Role = 'anonymous' | 'customer' | 'admin' | 'influencer';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function tokenOf(role: Role): string | undefined {
  if (role === 'customer') return customer;
  if (role === 'admin') return admin;
  if (role === 'influencer') return influencer.token;
  return undefined;
}

async function call(role: Role, method: Method, url: string, body?: unknown) {
  const token = tokenOf(role);
  const response = await t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

beforeAll(async () => {
  t = await createInfluencerTestApp();
  admin = await t.adminToken();
  const registered = await call('anonymous', 'POST', '/api/register', registration());
  expect(registered.status).toBe(201);
  customer = String(registered.body.token);
  influencer = await t.seedInfluencer('Text Tester');
});

afterAll(async () => {
  await t?.close();
});

const FORBIDDEN = [
  ['NUL', '\u0000'],
  ['escape', '\u001b'],
  ['right-to-left override', '\u202e'],
] as const;

const resume = validResumePayload();
const [work] = resume.work;
const [project] = resume.projects;
if (work === undefined || project === undefined) throw new Error('fixture has a work entry');

interface Case {
  route: string;
  role: Role;
  method: Method;
  /** The URL, with `c` (already URL-encoded) wherever the character goes. */
  url: (c: string) => string;
  body?: (c: string) => unknown;
}

const q = (c: string) => `ab${c}cd`;
const someId = randomUUID();

const CASES: Case[] = [
  {
    route: 'register: name',
    role: 'anonymous',
    method: 'POST',
    url: () => '/api/register',
    body: (c) => registration({ name: `Asha${c}` }),
  },
  {
    route: 'register: password',
    role: 'anonymous',
    method: 'POST',
    url: () => '/api/register',
    body: (c) => registration({ password: `secret 123${c}`, cpassword: `secret 123${c}` }),
  },
  {
    route: 'register: referral code',
    role: 'anonymous',
    method: 'POST',
    url: () => '/api/register',
    body: (c) => registration({ referralCode: `CODE${c}` }),
  },
  {
    route: 'login: e-mail',
    role: 'anonymous',
    method: 'POST',
    url: () => '/api/login',
    body: (c) => ({ email: `asha${c}@example.com`, password: 'correct horse 1' }),
  },
  {
    route: 'forgot: e-mail',
    role: 'anonymous',
    method: 'POST',
    url: () => '/api/forgot',
    body: (c) => ({ email: `asha${c}@example.com` }),
  },
  {
    route: 'reset: token',
    role: 'anonymous',
    method: 'POST',
    url: () => '/api/forgot/reset',
    body: (c) => ({ token: `abc${c}`, password: 'a new password 1' }),
  },
  {
    route: 'contact: message',
    role: 'anonymous',
    method: 'POST',
    url: () => '/api/queries',
    body: (c) => ({ contactemail: 'visitor@example.com', contactmessage: `Help ${c} me` }),
  },
  {
    route: 'contact: e-mail',
    role: 'anonymous',
    method: 'POST',
    url: () => '/api/queries',
    body: (c) => ({ contactemail: `visitor${c}@example.com`, contactmessage: 'Help me' }),
  },
  {
    route: 'resume: full name (single-line)',
    role: 'customer',
    method: 'POST',
    url: () => '/api/resume',
    body: (c) => ({ ...resume, personal: { ...resume.personal, fullName: `Asha${c} Verma` } }),
  },
  {
    route: 'resume: summary (multi-line)',
    role: 'customer',
    method: 'POST',
    url: () => '/api/resume',
    body: (c) => ({ ...resume, summary: `Analyst ${c}` }),
  },
  {
    route: 'resume: responsibilities (multi-line)',
    role: 'customer',
    method: 'POST',
    url: () => '/api/resume',
    body: (c) => ({ ...resume, work: [{ ...work, responsibilities: `Dashboards${c}` }] }),
  },
  {
    route: 'resume: target role',
    role: 'customer',
    method: 'POST',
    url: () => '/api/resume',
    body: (c) => ({ ...resume, targetRoles: [`Analyst${c}`] }),
  },
  {
    route: 'customer order path id',
    role: 'customer',
    method: 'GET',
    url: (c) => `/api/orders/${c}`,
  },
  {
    route: 'customer order receipt path id',
    role: 'customer',
    method: 'GET',
    url: (c) => `/api/orders/x${c}/receipt`,
  },
  {
    route: 'customer order attachment file name',
    role: 'customer',
    method: 'GET',
    url: (c) => `/api/orders/${someId}/attachments/cv${c}.pdf`,
  },
  {
    route: 'customer order history e-mail',
    role: 'customer',
    method: 'GET',
    url: (c) => `/api/orders/history/asha${c}%40example.com`,
  },
  {
    route: 'checkout: order id',
    role: 'customer',
    method: 'POST',
    url: () => '/api/payments/checkout',
    body: (c) => ({ orderId: `order${c}` }),
  },
  {
    route: 'admin orders: q',
    role: 'admin',
    method: 'GET',
    url: (c) => `/api/admin/orders?q=${q(c)}`,
  },
  {
    route: 'admin users: q',
    role: 'admin',
    method: 'GET',
    url: (c) => `/api/admin/users?q=${q(c)}`,
  },
  {
    route: 'admin queries: q',
    role: 'admin',
    method: 'GET',
    url: (c) => `/api/admin/queries?q=${q(c)}`,
  },
  {
    route: 'admin influencers: q',
    role: 'admin',
    method: 'GET',
    url: (c) => `/api/admin/influencers?q=${q(c)}`,
  },
  {
    route: 'admin order history path id',
    role: 'admin',
    method: 'GET',
    url: (c) => `/api/admin/orders/${c}/history`,
  },
  {
    route: 'admin order path id',
    role: 'admin',
    method: 'PATCH',
    url: (c) => `/api/admin/orders/${c}`,
    body: () => ({ status: 'Processing' }),
  },
  {
    route: 'admin refund path id',
    role: 'admin',
    method: 'POST',
    url: (c) => `/api/admin/orders/${c}/refund`,
  },
  {
    route: 'admin query path id',
    role: 'admin',
    method: 'DELETE',
    url: (c) => `/api/admin/queries/${c}`,
  },
  {
    route: 'admin query reply: subject',
    role: 'admin',
    method: 'POST',
    url: () => `/api/admin/queries/${someId}/reply`,
    body: (c) => ({ subject: `Re${c}`, body: 'Thanks' }),
  },
  {
    route: 'admin review suggestions: text',
    role: 'admin',
    method: 'PUT',
    url: () => `/api/admin/orders/${someId}/suggestions`,
    body: (c) => ({ text: `Add numbers${c}` }),
  },
  {
    route: 'admin influencer creation: name',
    role: 'admin',
    method: 'POST',
    url: () => '/api/admin/influencers',
    body: (c) => ({ name: `Kiran${c}`, email: uniqueEmail('kiran'), password: 'Secret-7731x' }),
  },
  {
    route: 'admin influencer payout: txn id',
    role: 'admin',
    method: 'PATCH',
    url: () => `/api/admin/influencer-payouts/${someId}`,
    body: (c) => ({ status: 'paid', txnId: `TXN${c}` }),
  },
  {
    route: 'admin influencer query reply',
    role: 'admin',
    method: 'PUT',
    url: () => `/api/admin/influencer-queries/${someId}/reply`,
    body: (c) => ({ reply: `Done${c}` }),
  },
  {
    route: 'influencer query: message',
    role: 'influencer',
    method: 'POST',
    url: () => '/api/influencer/queries',
    body: (c) => ({ subject: 'Payout', message: `When ${c}?` }),
  },
  {
    route: 'influencer queries path id',
    role: 'influencer',
    method: 'GET',
    url: (c) => `/api/influencer/queries/${c}`,
  },
  {
    route: 'influencer payout: payee name',
    role: 'influencer',
    method: 'POST',
    url: () => '/api/influencer/payouts/request',
    body: (c) => ({
      payeeName: `Kiran${c}`,
      mobile: '9876543210',
      bankName: 'SBI',
      upiId: 'kiran@sbi',
    }),
  },
  {
    route: 'influencer payout: bank name',
    role: 'influencer',
    method: 'POST',
    url: () => '/api/influencer/payouts/request',
    body: (c) => ({
      payeeName: 'Kiran',
      mobile: '9876543210',
      bankName: `SBI${c}`,
      upiId: 'kiran@sbi',
    }),
  },
  {
    route: 'influencer login: e-mail',
    role: 'anonymous',
    method: 'POST',
    url: () => '/api/influencer/login',
    body: (c) => ({ email: `kiran${c}@example.com`, password: 'Secret-7731x' }),
  },
];

const TABLE = CASES.flatMap((row) =>
  FORBIDDEN.map(([name, char]) => ({ ...row, name, char, label: `${row.route} with ${name}` })),
);

describe('every route refuses NUL, control and bidi characters in body, query and path', () => {
  it.each(TABLE)('$label → 400', async ({ role, method, url, body, char }) => {
    const encoded = encodeURIComponent(char);
    const answer = await call(role, method, url(encoded), body?.(char));
    expect(answer).toEqual({ status: 400, body: { message: TEXT_MESSAGES.controlCharacters } });
  });
});

describe('every route refuses an unpaired surrogate', () => {
  const inBody = CASES.filter((row) => row.body !== undefined && row.url('a') === row.url('b'));
  const inUrl = CASES.filter((row) => row.body === undefined);

  it.each(inBody)('in a body: $route → 400', async ({ role, method, url, body }) => {
    const answer = await call(role, method, url(''), body?.('\ud800'));
    expect(answer).toEqual({ status: 400, body: { message: TEXT_MESSAGES.illFormed } });
  });

  // A URL is UTF-8: a surrogate cannot be encoded in it, only bytes that would mean one if
  // decoded blindly (CESU-8). A path holding them is refused or finds nothing; a query decodes
  // them as U+FFFD, a well-formed search that finds nothing. Never a 5xx.
  it.each(inUrl)('in a path or query: $route → no 5xx', async ({ role, method, url }) => {
    const sent = url('%ED%A0%80');
    const answer = await call(role, method, sent);
    expect(sent.includes('?') ? [200] : [400, 404]).toContain(answer.status);
  });
});

describe('register with a NUL in the name', () => {
  it('is refused, appends nothing, and the next registration logs in', async () => {
    const before = await t.services.store.committedHeadPosition();
    const body = registration({ name: 'Asha\u0000' });
    const refused = await call('anonymous', 'POST', '/api/register', body);
    expect(refused).toEqual({ status: 400, body: { message: TEXT_MESSAGES.controlCharacters } });
    expect(await t.services.store.committedHeadPosition()).toBe(before);
    const reservation = await t.services.store.readStream(emailReservationStreamName(body.email));
    expect(reservation.events).toEqual([]);

    const next = registration();
    expect((await call('anonymous', 'POST', '/api/register', next)).status).toBe(201);
    const login = await call('anonymous', 'POST', '/api/login', {
      email: next.email,
      password: next.password,
    });
    expect(login.status).toBe(200);
    // The read side kept going: the projections report no failure.
    const health = await call('anonymous', 'GET', '/api/health');
    expect(health.status).toBe(200);
  });
});

describe('line breaks', () => {
  const multiline = 'First line\nsecond line\r\n\tindented';

  it.each([
    [
      'contact message',
      'anonymous',
      '/api/queries',
      201,
      () => ({
        contactemail: 'visitor@example.com',
        contactmessage: multiline,
      }),
    ],
    [
      'resume summary, responsibilities and project description',
      'customer',
      '/api/resume',
      201,
      () => ({
        ...resume,
        summary: multiline,
        work: [{ ...work, responsibilities: multiline }],
        projects: [{ ...project, desc: multiline }],
      }),
    ],
    [
      'influencer query message',
      'influencer',
      '/api/influencer/queries',
      201,
      () => ({
        subject: 'Payout',
        message: multiline,
      }),
    ],
  ] as const)('are accepted in a multi-line field: %s', async (_field, role, url, status, body) => {
    const answer = await call(role, 'POST', url, body());
    expect(answer.status).toBe(status);
  });

  it.each([
    ['register name', 'anonymous', '/api/register', () => registration({ name: 'Asha\nVerma' })],
    [
      'contact e-mail',
      'anonymous',
      '/api/queries',
      () => ({
        contactemail: 'visitor@example.com\n',
        contactmessage: 'Help',
      }),
    ],
    [
      'resume full name',
      'customer',
      '/api/resume',
      () => ({
        ...resume,
        personal: { ...resume.personal, fullName: 'Asha\nVerma' },
      }),
    ],
    [
      'influencer query subject',
      'influencer',
      '/api/influencer/queries',
      () => ({
        subject: 'Pay\nout',
        message: 'When?',
      }),
    ],
    [
      'payout payee name',
      'influencer',
      '/api/influencer/payouts/request',
      () => ({
        payeeName: 'Kiran\nDas',
        mobile: '9876543210',
        bankName: 'SBI',
        upiId: 'kiran@sbi',
      }),
    ],
  ] as const)('are refused in a single-line field: %s', async (_field, role, url, body) => {
    const answer = await call(role, 'POST', url, body());
    expect(answer).toEqual({ status: 400, body: { message: TEXT_MESSAGES.controlCharacters } });
  });

  it('is refused in a search', async () => {
    const answer = await call('admin', 'GET', `/api/admin/users?q=${encodeURIComponent('a\nb')}`);
    expect(answer).toEqual({ status: 400, body: { message: TEXT_MESSAGES.controlCharacters } });
  });
});

describe('an unknown but well-formed id still finds nothing', () => {
  it.each([
    ['customer order', 'customer', 'GET', `/api/orders/${someId}`],
    ['admin order history', 'admin', 'GET', `/api/admin/orders/${someId}/history`],
    ['admin query', 'admin', 'GET', '/api/admin/queries/not-a-uuid'],
  ] as const)('%s → 404', async (_what, role, method, url) => {
    expect((await call(role, method, url)).status).toBe(404);
  });
});

describe('service order notes (multipart, checked once the form is read)', () => {
  const placeWithNotes = async (description: string) => {
    const form = multipartForm([
      ['service', 'resume_review'],
      ['description', description],
      ['file', { filename: 'cv.pdf', content: minimalPdf(), contentType: 'application/pdf' }],
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/service',
      remoteAddress: freshIp(),
      headers: { authorization: `Bearer ${customer}`, ...form.headers },
      payload: form.payload,
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  it.each(FORBIDDEN)('refuses notes with %s', async (_name, char) => {
    expect(await placeWithNotes(`Please focus on${char} data roles`)).toEqual({
      status: 400,
      body: { message: TEXT_MESSAGES.controlCharacters },
    });
  });

  it('keeps line breaks in the notes', async () => {
    const placed = await placeWithNotes('Focus on:\n- data roles\n- Pune');
    expect(placed.status).toBe(201);
  });
});
