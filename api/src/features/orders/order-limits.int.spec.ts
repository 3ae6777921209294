import type { AddressInfo } from 'node:net';
import { validResumePayload } from '@shortlist/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../../files/testing/document-fixtures';
import { rawHttp } from '../../files/testing/raw-http';
import { DEFAULT_ABUSE_LIMITS, LIMIT_MESSAGES } from '../../shared/abuse-limits';
import { freshIp } from '../../testing/account-test-kit';
import {
  createOrdersTestApp,
  markPaid,
  multipartForm,
  ORDER_FLOW_TEST_LIMITS,
  type OrdersTestApp,
  registerUser,
  type TestUser,
} from '../../testing/orders-test-kit';

// The abuse limits of the customer's order routes, at their production values: the quota of
// unpaid uploads per account, and the rate limits of service orders and of the PDF preview.

let t: OrdersTestApp;
let port: number;

const QUOTA_MESSAGE =
  'Unpaid orders can hold at most 5 uploaded files (25 MB in all) per account. ' +
  'Pay for or delete an unpaid order at Checkout, then upload again.';

beforeAll(async () => {
  // The quota at its production value; the rate limits only where a test says so.
  t = await createOrdersTestApp({
    limits: { ...ORDER_FLOW_TEST_LIMITS, unpaidUploads: DEFAULT_ABUSE_LIMITS.unpaidUploads },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
});

/** A PDF the sniffer accepts, padded to `bytes`. */
function pdfOf(bytes: number): Buffer {
  const content = Buffer.alloc(bytes, 0x20);
  minimalPdf().copy(content);
  return content;
}

function serviceForm(content: Buffer = minimalPdf()) {
  return multipartForm([
    ['service', 'resume_review'],
    ['description', ''],
    ['file', { filename: 'cv.pdf', content, contentType: 'application/pdf' }],
    ['currency', 'inr'],
  ]);
}

function placeService(user: TestUser, content?: Buffer) {
  const form = serviceForm(content);
  return t.app.inject({
    method: 'POST',
    url: '/api/orders/service',
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
}

const MB = 1024 * 1024;

describe('the quota of unpaid uploads per account (5 files, 25 MB)', () => {
  it('refuses a sixth unpaid upload, saying the limit, and keeps nothing of it', async () => {
    const bina = await registerUser(t);
    const placed: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const answer = await placeService(bina);
      expect(answer.statusCode).toBe(201);
      placed.push(answer.json().orderId);
    }
    const filesBefore = await t.storedFiles();
    const refused = await placeService(bina);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: QUOTA_MESSAGE });
    expect(await t.storedFiles()).toEqual(filesBefore);

    // Another account is not held back by hers.
    expect((await placeService(await registerUser(t))).statusCode).toBe(201);

    // Paying for one, or deleting one, makes room again.
    await markPaid(t, placed[0] ?? '');
    expect((await placeService(bina)).statusCode).toBe(201);
    expect((await placeService(bina)).statusCode).toBe(409);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${placed[1]}`,
      headers: bina.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await placeService(bina)).statusCode).toBe(201);
  });

  it('counts bytes too: a file that would pass 25 MB in all is refused, a smaller one fits', async () => {
    const chen = await registerUser(t);
    expect((await placeService(chen, pdfOf(9.5 * MB))).statusCode).toBe(201);
    expect((await placeService(chen, pdfOf(9.5 * MB))).statusCode).toBe(201);
    const filesBefore = await t.storedFiles();
    const refused = await placeService(chen, pdfOf(6.5 * MB));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: QUOTA_MESSAGE });
    expect(await t.storedFiles()).toEqual(filesBefore);
    expect((await placeService(chen, pdfOf(5.5 * MB))).statusCode).toBe(201);
    // 24.5 MB held: the account is not full by count, but no file fits in what is left… one does.
    expect((await placeService(chen)).statusCode).toBe(201);
  });

  it('admits exactly five of six uploads sent at the same moment', async () => {
    const dev = await registerUser(t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => placeService(dev)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 409]);
  });

  it('refuses a full account before reading the upload', async () => {
    const eli = await registerUser(t);
    for (let i = 0; i < 5; i += 1) expect((await placeService(eli)).statusCode).toBe(201);
    const form = serviceForm(pdfOf(5 * MB));
    // Only the first 64 KB of a 5 MB body are sent: the answer comes all the same.
    const answer = await rawHttp({
      port,
      method: 'POST',
      path: '/api/orders/service',
      headers: { ...eli.auth, ...form.headers },
      body: form.payload,
      sendBytes: 64 * 1024,
      finish: 'answer',
    });
    expect(answer.status).toBe(409);
    expect(JSON.parse(answer.body)).toEqual({ message: QUOTA_MESSAGE });
  });
});

describe('rate limits with their production values', () => {
  let limited: OrdersTestApp;

  beforeAll(async () => {
    limited = await createOrdersTestApp({ limits: DEFAULT_ABUSE_LIMITS });
  });

  afterAll(async () => {
    await limited?.close();
  });

  /** A service order that is refused at once (not multipart), counting against both limits. */
  const cheapServiceOrder = (user: TestUser, ip: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/orders/service',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: {},
      remoteAddress: ip,
    });

  it('service orders: 10 per account in 10 minutes, then 429 with Retry-After', async () => {
    const fay = await registerUser(limited);
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await cheapServiceOrder(fay, ip)).statusCode).toBe(400);
    }
    const refused = await cheapServiceOrder(fay, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: LIMIT_MESSAGES.tooManyOrders });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // From another address the account is still limited; another account from hers is not.
    expect((await cheapServiceOrder(fay, freshIp())).statusCode).toBe(429);
    expect((await cheapServiceOrder(await registerUser(limited), ip)).statusCode).toBe(400);
  });

  it('service orders: 30 per address in 10 minutes over every account behind it', async () => {
    const ip = freshIp();
    const accounts = await Promise.all(Array.from({ length: 4 }, () => registerUser(limited)));
    const codes: number[] = [];
    for (const account of accounts) {
      for (let i = 0; i < 8; i += 1) codes.push((await cheapServiceOrder(account, ip)).statusCode);
    }
    expect(codes.slice(0, 30).every((code) => code === 400)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
  });

  it('the PDF preview: 10 per account a minute, refused before its body is parsed', async () => {
    const gia = await registerUser(limited);
    const preview = (payload: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/resume/preview.pdf',
        headers: { ...gia.auth, 'content-type': 'application/json' },
        payload,
        remoteAddress: freshIp(),
      });
    const form = JSON.stringify(validResumePayload());
    for (let i = 0; i < 10; i += 1) expect((await preview(form)).statusCode).toBe(200);
    const refused = await preview(form);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: LIMIT_MESSAGES.tooManyPreviews });
    // Not JSON at all, yet 429, not 400: the limit comes first.
    expect((await preview('{not json')).statusCode).toBe(429);
  });
});
