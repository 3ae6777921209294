import { randomUUID } from 'node:crypto';
import {
  type MarkOrderPaid,
  orderDecider,
  orderStreamName,
  type SetOrderStatus,
} from '@shortlist/domain';
import { atsReportSchema, getAdminOrderDetailRoute } from '@shortlist/domain/contract';
import { CLEAN_RESUME } from '@shortlist/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../../../commands/handle-command';
import { createLocalDiskFileStorage } from '../../../files/local-disk.file-storage';
import { eraseExpiredOrders } from '../../../retention/erase-expired-orders';
import { resumePdf } from '../../../testing';
import {
  type NamedUser,
  placeResumeOrder,
  placeServiceOrder,
  registerNamed,
} from '../../../testing/admin-test-kit';
import {
  createOrdersTestApp,
  markPaid,
  multipartForm,
  type OrdersTestApp,
} from '../../../testing/orders-test-kit';

/** GET /admin/orders/{id}: the details drawer's one read, on the real database and store. */
let t: OrdersTestApp;
let admin: NamedUser;
let alice: NamedUser;
/** Alice's paid from-scratch order and her paid review (with her uploaded PDF). */
const order = { scratch: '', review: '' };

beforeAll(async () => {
  t = await createOrdersTestApp();
  const tag = randomUUID().slice(0, 6);
  admin = await registerNamed(t, {
    name: 'Root Admin',
    email: `root-${tag}@example.com`,
    role: 'admin',
  });
  alice = await registerNamed(t, { name: 'Alice Sharma', email: `alice-${tag}@example.com` });
  order.scratch = await placeResumeOrder(t, alice);
  await markPaid(t, order.scratch);
  order.review = await placeServiceOrder(t, alice, 'resume_review');
  await markPaid(t, order.review);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const detail = (orderId: string, auth: { authorization: string } = admin.auth) =>
  t.app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: auth });

/** What the retention job does a month after completion, with the completion backdated. */
async function completeAndErase(orderId: string): Promise<void> {
  const command: SetOrderStatus = {
    type: 'SetOrderStatus',
    data: { status: 'completed' },
    metadata: {
      actor: `admin:${admin.id}`,
      correlationId: randomUUID(),
      causationId: null,
      now: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString(),
    },
  };
  const { position } = await handleCommand({
    store: t.services.store,
    streamName: orderStreamName(orderId),
    decider: orderDecider,
    command,
  });
  await t.app.waitForProjections(position, ['orders']);
  const result = await eraseExpiredOrders({
    store: t.services.store,
    db: t.services.db,
    vault: t.services.vault,
    files: createLocalDiskFileStorage({ root: `${t.dataDir}/files` }),
    now: new Date(),
    logger: { info: () => {}, error: () => {} },
    waitForProjections: (at) => t.app.waitForProjections(at, ['orders']),
  });
  expect(result.erased).toContain(orderId);
}

describe('GET /admin/orders/{id}', () => {
  it('answers only an admin: 401 without a token, 403 for the customer who owns it', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${order.scratch}` })).statusCode,
    ).toBe(401);
    const own = await detail(order.scratch, alice.auth);
    expect(own.statusCode).toBe(403);
    expect(JSON.stringify(own.json())).not.toContain('Asha');
  });

  it("shows a from-scratch order's nine-step form, its customer and payment facts", async () => {
    const response = await detail(order.scratch);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.order).toMatchObject({
      id: order.scratch,
      status: 'pending',
      paymentStatus: 'paid',
    });
    expect(body.customer).toEqual({ id: alice.id, name: 'Alice Sharma', email: alice.email });
    // The form as the builder sent it and the domain's schema cleaned it (e-mail lower-cased).
    expect(body.resume).toMatchObject({
      degreeLevel: 'Bachelors',
      majorPrimary: 'Data Science',
      targetRoles: ['Data Analyst'],
      personal: { fullName: 'Asha Verma', email: 'asha@example.com' },
      work: [{ jobTitle: 'Intern', company: 'Acme' }],
      currency: 'INR',
    });
    expect(Object.keys(body.resume)).toEqual(
      expect.arrayContaining(['summary', 'edu', 'skills', 'projects', 'certs', 'langs']),
    );
    expect(body.payment).toEqual({
      providerOrderId: expect.stringMatching(/^order_/),
      paymentId: expect.stringMatching(/^pay_/),
      amount: 850,
      currency: 'INR',
      method: null,
      paidAt: expect.any(String),
      refunds: [],
    });
    expect(body).toMatchObject({ refundable: true, erasedAt: null });
  });

  it('says a review has no form, and is no longer refundable once processing', async () => {
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.review}`,
      headers: admin.auth,
      payload: { status: 'processing' },
    });
    expect(changed.statusCode).toBe(200);
    const body = (await detail(order.review)).json();
    expect(body.resume).toBeNull();
    expect(body.order.customerUploads).toEqual([
      { name: 'cv.pdf', url: `/api/orders/${order.review}/uploads/0` },
    ]);
    expect(body.refundable).toBe(false);
  });

  it('reads the personal fields as erased after the retention job, the payment facts kept', async () => {
    await completeAndErase(order.scratch);
    const body = (await detail(order.scratch)).json();
    expect(body.erasedAt).toEqual(expect.any(String));
    expect(body.resume).toBeNull();
    expect(body.order).toMatchObject({
      userEmail: null,
      customerUploads: [],
      attachments: [],
      reviewSuggestions: null,
      status: 'completed',
    });
    expect(JSON.stringify(body)).not.toContain('Asha Verma');
    expect(body.payment).toMatchObject({ amount: 850, currency: 'INR' });
    expect(body.refundable).toBe(false);
  });

  it('answers 404 with the admin wording for an order that does not exist', async () => {
    const missing = await detail(randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Order details not found.' });
  });
});

describe('the ATS check on an order placed from the ATS check page', () => {
  const jobDescription = [
    'Senior Backend Engineer (Payments)',
    'You will build payment APIs in TypeScript on PostgreSQL, deployed with Docker on Kubernetes.',
    'Requirements: TypeScript, PostgreSQL, Kafka, Terraform.',
  ].join('\n');

  /** The checked file ordered as the ATS page orders it; the client's own score is ignored. */
  async function orderFromAtsPage(file: Buffer, extra: [string, string][] = []) {
    const form = multipartForm([
      ['service', 'resume_review'],
      ['description', ''],
      ['currency', 'inr'],
      ['atsCheck', '1'],
      ['jobDescription', jobDescription],
      ...extra,
      ['file', { filename: 'asha.pdf', content: file, contentType: 'application/pdf' }],
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/service',
      headers: { ...alice.auth, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return String(response.json().orderId);
  }

  /** What the public check answers for the same file and job description. */
  async function publicCheck(file: Buffer) {
    const form = multipartForm([
      ['jobDescription', jobDescription],
      ['file', { filename: 'asha.pdf', content: file }],
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ats-check',
      remoteAddress: '10.21.0.1',
      ...form,
    });
    expect(response.statusCode, response.body).toBe(200);
    return atsReportSchema.parse(response.json());
  }

  it("records the server's own check of the stored file, shown to the admin", async () => {
    const file = await resumePdf(CLEAN_RESUME);
    const orderId = await orderFromAtsPage(file, [['score', '3']]);
    const expected = await publicCheck(file);
    const body = getAdminOrderDetailRoute.response.parse((await detail(orderId)).json());
    expect(body.atsCheck).toEqual({
      checkedAt: expect.any(String),
      score: expected.score,
      kind: 'pdf',
      pages: expected.pages,
      words: expected.words,
      checks: expected.checks,
      // The order keeps the match; which keywords the advert required is the advert's.
      jobMatch: {
        found: expected.keywords?.found,
        missing: expected.keywords?.missing,
        percent: expected.keywords?.percent,
      },
      limitations: [],
      text: expected.text,
      fields: expected.fields,
    });
    expect(body.atsCheck?.score).toBeGreaterThan(3);
    expect(body.atsCheck?.fields?.name).toBe('Asha Rao');
    expect(body.atsCheck?.jobMatch?.found).toEqual(
      expect.arrayContaining(['TypeScript', 'PostgreSQL', 'Docker', 'Kubernetes']),
    );
    expect(body.atsCheck?.jobMatch?.missing).toEqual(
      expect.arrayContaining(['Kafka', 'Terraform']),
    );
  });

  it('cleans a job description copied out of a PDF (form feeds) rather than refusing it', async () => {
    const copied = 'Requirements\fTypeScript and Kafka\u000Bon Kubernetes\u2028PostgreSQL';
    const orderId = await orderFromAtsPage(await resumePdf(CLEAN_RESUME), [
      ['jobDescription', copied],
    ]);
    const body = getAdminOrderDetailRoute.response.parse((await detail(orderId)).json());
    expect(body.atsCheck?.jobMatch?.found).toEqual(
      expect.arrayContaining(['TypeScript', 'Kubernetes', 'PostgreSQL']),
    );
    expect(body.atsCheck?.jobMatch?.missing).toEqual(['Kafka']);
  });

  it('has no check on an order placed from the home dialog', async () => {
    const body = getAdminOrderDetailRoute.response.parse((await detail(order.review)).json());
    expect(body.atsCheck).toBeNull();
  });

  it("keeps the score and verdicts after the erasure, the file's text, fields and sentences read null", async () => {
    const orderId = await orderFromAtsPage(await resumePdf(CLEAN_RESUME));
    await markPaid(t, orderId);
    const before = getAdminOrderDetailRoute.response.parse((await detail(orderId)).json());
    await completeAndErase(orderId);
    const body = getAdminOrderDetailRoute.response.parse((await detail(orderId)).json());
    expect(body.atsCheck).toEqual({
      ...before.atsCheck,
      checks: before.atsCheck?.checks.map((check) => ({ ...check, message: null })),
      text: null,
      fields: null,
    });
    expect(JSON.stringify(body)).not.toContain('Asha Rao');
  });
});

describe('GET /admin/orders?overdue=1 (the dashboard link)', () => {
  it('lists only paid orders not completed whose payment is older than 48 hours', async () => {
    const late = await placeServiceOrder(t, alice, 'resume_rewrite');
    const command: MarkOrderPaid = {
      type: 'MarkOrderPaid',
      data: { paymentId: 'pay_late', providerOrderId: 'order_late', amount: 800, currency: 'INR' },
      metadata: {
        actor: 'provider:razorpay',
        correlationId: randomUUID(),
        causationId: null,
        now: new Date(Date.now() - 49 * 60 * 60 * 1000).toISOString(),
      },
    };
    const { position } = await handleCommand({
      store: t.services.store,
      streamName: orderStreamName(late),
      decider: orderDecider,
      command,
    });
    await t.app.waitForProjections(position, ['orders']);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders?overdue=1',
      headers: admin.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([late]);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: admin.auth,
    });
    expect(all.json().total).toBeGreaterThan(1);
  });
});
