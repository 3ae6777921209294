import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ORDER_MESSAGES, paymentStreamName } from '@shortlist/domain';
import { verifyProjections } from '@shortlist/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elfExecutable, minimalPdf } from '../../files/testing/document-fixtures';
import {
  type NamedUser,
  placeResumeOrder,
  placeServiceOrder,
  registerNamed,
} from '../../testing/admin-test-kit';
import {
  createOrdersTestApp,
  markPaid,
  multipartForm,
  type OrdersTestApp,
  type TestUser,
} from '../../testing/orders-test-kit';
import { runAudit } from './audit/audit-command';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

let t: OrdersTestApp;
let admin: NamedUser;
let alice: NamedUser;
let bob: NamedUser;
/** Alice's paid from-scratch order, her paid review, Bob's paid rewrite, Bob's unpaid cart. */
const order = { scratch: '', review: '', rewrite: '', unpaid: '' };

beforeAll(async () => {
  t = await createOrdersTestApp();
  const tag = randomUUID().slice(0, 6);
  admin = await registerNamed(t, {
    name: 'Root Admin',
    email: `root-${tag}@example.com`,
    role: 'admin',
  });
  alice = await registerNamed(t, { name: 'Alice Sharma', email: `alice-${tag}@example.com` });
  bob = await registerNamed(t, { name: 'Bob Kumar', email: `bob-${tag}@example.com` });
  order.scratch = await placeResumeOrder(t, alice);
  // A payment-stream event between placing and paying: the audit trail must merge it in order.
  await t.services.store.append(paymentStreamName(order.scratch), [
    {
      id: randomUUID(),
      type: 'CheckoutRequested',
      data: {
        orderId: order.scratch,
        requestId: randomUUID(),
        amountMinor: 85_000,
        currency: 'INR',
        receipt: order.scratch,
        requestedAt: new Date().toISOString(),
      },
      metadata: {
        actor: `user:${alice.id}`,
        correlationId: randomUUID(),
        causationId: null,
        at: new Date().toISOString(),
      },
    },
  ]);
  await markPaid(t, order.scratch);
  order.review = await placeServiceOrder(t, alice, 'resume_review');
  await markPaid(t, order.review);
  order.rewrite = await placeServiceOrder(t, bob, 'resume_rewrite');
  await markPaid(t, order.rewrite);
  order.unpaid = await placeResumeOrder(t, bob);
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function call(method: Method, url: string, user: TestUser = admin, body?: object) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: user.auth,
    ...(body === undefined ? {} : { payload: body }),
  });
  return { status: response.statusCode, body: response.body, json: () => response.json() };
}

async function upload(orderId: string, filename: string, content: Buffer) {
  const form = multipartForm([['file', { filename, content }]]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/attachments`,
    headers: { ...admin.auth, ...form.headers },
    payload: form.payload,
  });
  return { status: response.statusCode, json: () => response.json() };
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('GET /admin/orders', () => {
  it('lists only paid orders, newest first, with who placed them', async () => {
    const { status, json } = await call('GET', '/admin/orders');
    expect(status).toBe(200);
    const { items, total } = json();
    expect(ids(items)).toEqual([order.rewrite, order.review, order.scratch]);
    expect(total).toBe(3);
    expect(items[0]).toMatchObject({
      orderId: order.rewrite,
      paymentStatus: 'paid',
      service: 'resume_rewrite',
      user: { id: bob.id, name: 'Bob Kumar', email: bob.email },
    });
  });

  it('searches by order id, e-mail or name, case-insensitively, taking % literally', async () => {
    const search = async (q: string) =>
      ids((await call('GET', `/admin/orders?q=${encodeURIComponent(q)}`)).json().items);
    expect(await search(order.rewrite)).toEqual([order.rewrite]);
    expect(await search(order.review.slice(0, 8).toUpperCase())).toEqual([order.review]);
    expect(await search(alice.email.toUpperCase())).toEqual([order.review, order.scratch]);
    expect(await search('kumar')).toEqual([order.rewrite]);
    expect(await search('%')).toEqual([]);
    expect(await search("' or 1=1 --")).toEqual([]);
    expect(await search('')).toHaveLength(3);
  });

  it('pages a search with its total, past the end too, and filters it by status', async () => {
    const page = async (query: string) => (await call('GET', `/admin/orders?${query}`)).json();
    const q = encodeURIComponent(alice.email);
    const first = await page(`q=${q}&limit=1&page=1`);
    const second = await page(`q=${q}&limit=1&page=2`);
    const beyond = await page(`q=${q}&limit=1&page=3`);
    expect([first.total, second.total, beyond.total]).toEqual([2, 2, 2]);
    expect([...ids(first.items), ...ids(second.items), ...ids(beyond.items)]).toEqual([
      order.review,
      order.scratch,
    ]);
    expect(await page('q=no-such-customer')).toEqual({ items: [], total: 0 });
    const completed = await page(`q=${q}&status=completed`);
    expect(completed).toEqual({ items: [], total: 0 });
    const pending = await page(`q=${q}&status=pending`);
    expect([ids(pending.items), pending.total]).toEqual([[order.review, order.scratch], 2]);
  });

  it('pages with a total, and filters by status', async () => {
    const first = (await call('GET', '/admin/orders?limit=2&page=1')).json();
    const second = (await call('GET', '/admin/orders?limit=2&page=2')).json();
    expect([first.total, second.total]).toEqual([3, 3]);
    expect([...ids(first.items), ...ids(second.items)]).toEqual([
      order.rewrite,
      order.review,
      order.scratch,
    ]);
    expect((await call('GET', '/admin/orders?limit=101')).status).toBe(400);
    expect((await call('GET', '/admin/orders?page=0')).status).toBe(400);

    expect(
      (await call('PATCH', `/admin/orders/${order.review}`, admin, { status: 'processing' }))
        .status,
    ).toBe(200);
    const processing = (await call('GET', '/admin/orders?status=processing')).json();
    expect([ids(processing.items), processing.total]).toEqual([[order.review], 1]);
    const all = (await call('GET', '/admin/orders?status=')).json();
    expect(all.total).toBe(3);
    expect((await call('GET', '/admin/orders?status=shipped')).status).toBe(400);
  });
});

describe('GET /admin/orders/{id}', () => {
  it('shows any order, paid or not, and 404 with the screen wording otherwise', async () => {
    const unpaid = await call('GET', `/admin/orders/${order.unpaid}`);
    expect(unpaid.status).toBe(200);
    expect(unpaid.json().order).toMatchObject({ id: order.unpaid, paymentStatus: 'unpaid' });
    const missing = await call('GET', `/admin/orders/${randomUUID()}`);
    expect(missing).toMatchObject({ status: 404 });
    expect(missing.json()).toEqual({ message: 'Order details not found.' });
  });
});

describe('PATCH /admin/orders/{id}', () => {
  it('changes the status the customer then sees; other values are refused', async () => {
    const changed = await call('PATCH', `/admin/orders/${order.scratch}`, admin, {
      status: 'completed',
    });
    expect(changed.status).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Status updated',
      order: { status: 'completed' },
    });
    const seen = await call('GET', `/orders/${order.scratch}`, alice);
    expect(seen.json().order.status).toBe('completed');
    // SPEC §4: no restriction on the order of the three.
    const back = await call('PATCH', `/admin/orders/${order.scratch}`, admin, {
      status: 'pending',
    });
    expect(back.json().order.status).toBe('pending');
    expect(
      (await call('PATCH', `/admin/orders/${order.scratch}`, admin, { status: 'refunded' })).status,
    ).toBe(400);
    expect(
      (await call('PATCH', `/admin/orders/${randomUUID()}`, admin, { status: 'pending' })).status,
    ).toBe(404);
  });
});

describe('PATCH /admin/orders/{id} on an unpaid order', () => {
  it('refuses processing and completed with the decider’s words; the customer can still pay', async () => {
    const cart = await placeServiceOrder(t, bob, 'resume_review');
    for (const status of ['completed', 'processing']) {
      const refused = await call('PATCH', `/admin/orders/${cart}`, admin, { status });
      expect(refused.status).toBe(409);
      expect(refused.json()).toEqual({ message: ORDER_MESSAGES.unpaidCannotProgress });
    }
    const seen = await call('GET', `/orders/${cart}`, bob);
    expect(seen.json().order).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    const checkout = await call('POST', '/payments/checkout', bob, { orderId: cart });
    expect(checkout.status).toBe(200);
  });
});

describe('order attachments', () => {
  it('uploads a PDF the customer then downloads, and removes it again', async () => {
    const pdf = minimalPdf();
    const uploaded = await upload(order.scratch, 'final-resume.pdf', pdf);
    expect(uploaded.status).toBe(200);
    expect(uploaded.json().message).toBe('Attachment uploaded');
    const [attachment] = uploaded.json().order.attachments;
    expect(attachment).toEqual({
      name: 'final-resume.pdf',
      filename: 'final-resume.pdf',
      url: `/api/orders/${order.scratch}/attachments/final-resume.pdf`,
    });
    const customerView = await call('GET', `/orders/${order.scratch}`, alice);
    expect(customerView.json().order.attachments).toEqual([attachment]);
    const download = await t.app.inject({
      method: 'GET',
      url: attachment.url,
      headers: alice.auth,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);

    // A second file of the same name does not hide the first.
    const again = await upload(order.scratch, 'final-resume.pdf', pdf);
    expect(again.json().order.attachments.map((a: { filename: string }) => a.filename)).toEqual([
      'final-resume.pdf',
      'final-resume (2).pdf',
    ]);

    const filesBefore = (await t.storedFiles()).length;
    const removed = await call(
      'DELETE',
      `/admin/orders/${order.scratch}/attachments/final-resume.pdf`,
    );
    expect(removed.status).toBe(200);
    expect(removed.json().message).toBe('Deleted');
    expect(removed.json().order.attachments.map((a: { filename: string }) => a.filename)).toEqual([
      'final-resume (2).pdf',
    ]);
    expect(await t.storedFiles()).toHaveLength(filesBefore - 1);
    const gone = await t.app.inject({ method: 'GET', url: attachment.url, headers: alice.auth });
    expect(gone.statusCode).toBe(404);
    const twice = await call(
      'DELETE',
      `/admin/orders/${order.scratch}/attachments/final-resume.pdf`,
    );
    expect(twice.json()).toEqual({ message: ORDER_MESSAGES.attachmentNotFound });
  });

  it('refuses a renamed executable by its content, keeping nothing', async () => {
    const filesBefore = await t.storedFiles();
    const refused = await upload(order.rewrite, 'resume.pdf', elfExecutable());
    expect(refused.status).toBe(415);
    expect(refused.json()).toEqual({ message: 'Please upload a PDF/DOC/DOCX' });
    expect(await t.storedFiles()).toEqual(filesBefore);
    const unknownOrder = await upload(randomUUID(), 'ok.pdf', minimalPdf());
    expect(unknownOrder.status).toBe(404);
    expect(await t.storedFiles()).toEqual(filesBefore);
  });

  it("says 'Missing filename.' when the name is blank", async () => {
    for (const url of [
      `/admin/orders/${order.scratch}/attachments/%20`,
      `/admin/orders/${order.scratch}/attachments/`,
      `/admin/orders/${order.scratch}/attachments`,
    ]) {
      const response = await call('DELETE', url);
      expect({ url, status: response.status, body: response.json() }).toEqual({
        url,
        status: 400,
        body: { message: 'Missing filename.' },
      });
    }
  });
});

describe('PUT /admin/orders/{orderId}/suggestions', () => {
  it('saves suggestions on review orders only, which the customer then reads', async () => {
    const notReview = await call('PUT', `/admin/orders/${order.scratch}/suggestions`, admin, {
      text: 'Use more verbs.',
    });
    expect(notReview).toMatchObject({ status: 400 });
    expect(notReview.json()).toEqual({ message: ORDER_MESSAGES.suggestionsOnlyForReview });
    const blank = await call('PUT', `/admin/orders/${order.review}/suggestions`, admin, {
      text: '  ',
    });
    expect(blank.json()).toEqual({ message: ORDER_MESSAGES.suggestionsRequired });

    const saved = await call('PUT', `/admin/orders/${order.review}/suggestions`, admin, {
      text: '  Tighten the summary.  ',
    });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Suggestions saved',
      order: { hasReviewSuggestions: true, reviewSuggestions: 'Tighten the summary.' },
    });
    const seen = await call('GET', `/orders/${order.review}/suggestions`, alice);
    expect(seen.json()).toEqual({ reviewSuggestions: 'Tighten the summary.' });
  });
});

describe('GET /admin/users and /admin/stats', () => {
  it('lists accounts newest first and searches name and e-mail', async () => {
    const all = (await call('GET', '/admin/users')).json();
    expect(all.total).toBe(3);
    expect(ids(all.items)).toEqual([bob.id, alice.id, admin.id]);
    expect(all.items[2]).toEqual({
      id: admin.id,
      name: 'Root Admin',
      email: admin.email,
      role: 'admin',
      createdAt: expect.any(String),
    });
    const byName = (await call('GET', '/admin/users?q=SHARMA')).json();
    expect([ids(byName.items), byName.total]).toEqual([[alice.id], 1]);
    const byEmail = (await call('GET', `/admin/users?q=${encodeURIComponent(bob.email)}`)).json();
    expect(ids(byEmail.items)).toEqual([bob.id]);
    const page = (await call('GET', '/admin/users?limit=1&page=2')).json();
    expect([ids(page.items), page.total]).toEqual([[alice.id], 3]);
  });

  it('counts accounts and paid from-scratch resumes (limit is ignored)', async () => {
    const stats = await call('GET', '/admin/stats?limit=1');
    expect(stats.status).toBe(200);
    expect(stats.json()).toEqual({ users: 3, resumes: 1 });
  });
});

describe('the audit trail', () => {
  it("lists an order's events with their actors, payment events merged in order", async () => {
    const { status, json } = await call('GET', `/admin/orders/${order.scratch}/history`);
    expect(status).toBe(200);
    const { items } = json();
    expect(
      items.map((item: { type: string; actor: string; stream: string }) => [item.type, item.actor]),
    ).toEqual([
      ['OrderPlaced', `user:${alice.id}`],
      ['CheckoutRequested', `user:${alice.id}`],
      ['OrderPaid', 'provider:razorpay'],
      ['OrderStatusChanged', `admin:${admin.id}`],
      ['OrderStatusChanged', `admin:${admin.id}`],
      ['DeliveryAttached', `admin:${admin.id}`],
      ['DeliveryAttached', `admin:${admin.id}`],
      ['DeliveryRemoved', `admin:${admin.id}`],
    ]);
    expect(items[1]).toMatchObject({ stream: `payment-${order.scratch}`, version: 0 });
    // People by their names (the trail reads "Admin Root Admin", not an id); others have none.
    expect(items.map((item: { actorName: string | null }) => item.actorName)).toEqual([
      'Alice Sharma',
      'Alice Sharma',
      null,
      'Root Admin',
      'Root Admin',
      'Root Admin',
      'Root Admin',
      'Root Admin',
    ]);
    // Personal fields come back decrypted; storage ids never leave.
    expect(items[0].data.userEmail).toBe(alice.email);
    expect(items[5].data).toMatchObject({
      filename: 'final-resume.pdf',
      file: { fileId: '[redacted]', name: 'final-resume.pdf' },
    });
    expect(items[3].data).toMatchObject({ from: 'pending', to: 'completed' });
    expect(Date.parse(items[3].at)).not.toBeNaN();

    const missing = await call('GET', `/admin/orders/${randomUUID()}/history`);
    expect(missing.json()).toEqual({ message: 'Order details not found.' });
  });

  it('keeps the audit trail of a deleted order, its personal fields read as null', async () => {
    expect((await call('DELETE', `/orders/${order.unpaid}`, bob)).status).toBe(200);
    expect((await call('GET', `/admin/orders/${order.unpaid}`)).status).toBe(404);
    const { items } = (await call('GET', `/admin/orders/${order.unpaid}/history`)).json();
    expect(items.map((item: { type: string; actor: string }) => [item.type, item.actor])).toEqual([
      ['OrderPlaced', `user:${bob.id}`],
      ['OrderDeleted', `user:${bob.id}`],
    ]);
    expect(items[0].data).toMatchObject({ orderId: order.unpaid, userEmail: null, resume: null });
  });

  it('prints a stream from the audit command', async () => {
    const lines: string[] = [];
    const code = await runAudit(
      ['stream', `order-${order.review}`],
      { DATABASE_URL: t.databaseUrl },
      {
        out: (line) => lines.push(line),
        err: (line) => lines.push(line),
      },
    );
    expect(code).toBe(0);
    expect(lines[0]).toMatch(new RegExp(`^#0 {2}\\S+ {2}OrderPlaced {2}by user:${alice.id}$`));
    expect(lines.join('\n')).toContain('"text":"Tighten the summary."');
    const usage = await runAudit(
      [],
      { DATABASE_URL: t.databaseUrl },
      { out: () => {}, err: () => {} },
    );
    expect(usage).toBe(2);
  });

  it('finds no difference between the read models and a replay of the events', async () => {
    const report = await verifyProjections({
      connectionString: t.databaseUrl,
      store: t.services.store,
    });
    expect(report.projections.filter((projection) => !projection.ok)).toEqual([]);
    expect(report.ok).toBe(true);

    // The same, from a shell, as `npm run audit -- verify` runs it.
    const { stdout } = await promisify(execFile)(
      join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [join(REPO_ROOT, 'api/src/features/admin/audit.cli.ts'), 'verify'],
      { env: { ...process.env, DATABASE_URL: t.databaseUrl }, timeout: 60_000 },
    );
    expect(stdout).toContain('read models match the events');
  });
});
