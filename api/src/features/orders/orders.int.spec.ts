import { randomUUID } from 'node:crypto';
import {
  type EraseOrderData,
  ORDER_MESSAGES,
  orderDecider,
  orderStreamName,
  RESUME_MESSAGES,
  type SaveReviewSuggestions,
  type SetOrderStatus,
} from '@shortlist/domain';
// The package's testing entry is the decider spec only; the fixture is reached by path.
import { validResumePayload } from '@shortlist/domain/testing';
import { verifyProjections } from '@shortlist/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../../commands/handle-command';
import { minimalPdf } from '../../files/testing/document-fixtures';
import {
  createOrdersTestApp,
  markPaid,
  multipartForm,
  type OrdersTestApp,
  registerUser,
  type TestUser,
} from '../../testing/orders-test-kit';

let t: OrdersTestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createOrdersTestApp();
  alice = await registerUser(t);
  bob = await registerUser(t);
  admin = await registerUser(t, { role: 'admin' });
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function call(method: Method, url: string, user?: TestUser, body?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: user?.auth ?? {},
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    text: response.body,
    json: () => response.json() as Record<string, unknown> & { message?: string },
  };
}

async function resumeOrder(user: TestUser, currency = 'inr'): Promise<string> {
  const response = await call('POST', '/resume', user, { ...validResumePayload(), currency });
  expect(response.status).toBe(201);
  return String(response.json().orderId);
}

async function reviewOrder(user: TestUser, service = 'resume_review'): Promise<string> {
  const form = multipartForm([
    ['service', service],
    ['description', ''],
    ['file', { filename: 'cv.pdf', content: minimalPdf(), contentType: 'application/pdf' }],
    ['currency', 'inr'],
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders/service',
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode).toBe(201);
  return String(response.json().orderId);
}

async function orderCommand(
  orderId: string,
  command: Omit<SaveReviewSuggestions | SetOrderStatus | EraseOrderData, 'metadata'>,
) {
  const { position } = await handleCommand({
    store: t.services.store,
    streamName: orderStreamName(orderId),
    decider: orderDecider,
    command: {
      ...command,
      metadata: {
        actor: `admin:${admin.id}`,
        correlationId: randomUUID(),
        causationId: null,
        now: new Date().toISOString(),
      },
    } as SaveReviewSuggestions | SetOrderStatus | EraseOrderData,
  });
  await t.app.waitForProjections(position, ['orders']);
}

describe('authentication', () => {
  it('answers 401 on every route without a token', async () => {
    const id = randomUUID();
    const routes: [Method, string][] = [
      ['POST', '/resume'],
      ['POST', '/orders/service'],
      ['GET', '/me/stats'],
      ['GET', `/orders/history/${alice.email}`],
      ['GET', `/orders/${id}`],
      ['GET', `/orders/${id}/suggestions`],
      ['DELETE', `/orders/${id}`],
      ['PATCH', `/orders/${id}/currency`],
      ['GET', `/orders/${id}/uploads/0`],
      ['GET', `/orders/${id}/attachments/report.pdf`],
      ['GET', `/orders/${id}/receipt`],
    ];
    for (const [method, url] of routes) {
      const response = await call(method, url);
      expect({ method, url, status: response.status }).toEqual({ method, url, status: 401 });
      expect(response.json()).toEqual({ message: 'Please log in.' });
    }
  });
});

describe('POST /resume', () => {
  it('refuses a token whose account the users read model does not know (401)', async () => {
    const token = await t.tokenFor({ id: randomUUID(), role: 'user' });
    const response = await call(
      'POST',
      '/resume',
      {
        ...alice,
        auth: { authorization: `Bearer ${token}` },
      },
      validResumePayload(),
    );
    expect(response.status).toBe(401);
    expect(response.json().message).toBe('Please log in.');
  });

  it('copies each caller’s own e-mail when several place orders at the same moment', async () => {
    const users = [alice, bob, admin, await registerUser(t)];
    const placed = await Promise.all(
      users.map((user) => call('POST', '/resume', user, validResumePayload())),
    );
    const emails = await Promise.all(
      placed.map(async (response, index) => {
        const read = await call('GET', `/orders/${String(response.json().orderId)}`, users[index]);
        return (read.json().order as { userEmail: string }).userEmail;
      }),
    );
    expect(emails).toEqual(users.map((user) => user.email));
  });

  it('places a resume_from_scratch order owned by the caller, readable at once', async () => {
    const response = await call('POST', '/resume', alice, validResumePayload());
    expect(response.status).toBe(201);
    const { message, orderId } = response.json();
    expect(message).toBe('Resume saved');
    expect(orderId).toEqual(expect.any(String));

    const read = await call('GET', `/orders/${String(orderId)}`, alice);
    expect(read.status).toBe(200);
    const order = read.json().order as { createdAt: string };
    expect(order).toEqual({
      id: orderId,
      orderId,
      // From the account, not from the form's personal.email ("asha@example.com").
      userEmail: alice.email,
      service: 'resume_from_scratch',
      planName: 'ATS Resume – From Scratch',
      description: 'ATS resume created from scratch',
      status: 'pending',
      paymentStatus: 'unpaid',
      amount: 850,
      currency: 'INR',
      date: expect.any(String),
      createdAt: expect.any(String),
      inputs: { linkedinUrl: null },
      customerUploads: [],
      attachments: [],
      invoiceUrl: null,
      receiptUrl: null,
      hasReviewSuggestions: false,
      reviewSuggestions: null,
      timeline: {
        placedAt: (order as { createdAt: string }).createdAt,
        paidAt: null,
        startedAt: null,
        deliveredAt: null,
        completedAt: null,
        refundedAt: null,
        dueAt: null,
      },
      newDelivery: false,
    });
  });

  it('prices the order in the payload currency and ignores a client amount', async () => {
    const response = await call('POST', '/resume', alice, {
      ...validResumePayload(),
      currency: 'usd',
      amount: 1,
    });
    const read = await call('GET', `/orders/${String(response.json().orderId)}`, alice);
    expect(read.json().order).toMatchObject({ amount: 17, currency: 'USD' });
  });

  it('refuses an invalid form with the first problem, worded as SPEC §5 words it', async () => {
    const { targetRoles: _omitted, ...withoutRole } = validResumePayload();
    const cases: [unknown, string][] = [
      [withoutRole, RESUME_MESSAGES.chooseTargetRole],
      [{ ...validResumePayload(), targetRoles: [] }, RESUME_MESSAGES.chooseTargetRole],
      [{ ...validResumePayload(), targetRoles: ['Other'] }, RESUME_MESSAGES.typeOtherRole],
      [
        {
          ...validResumePayload(),
          work: [{ ...validResumePayload().work[0], start: '2024-13' }],
        },
        'Start date must be YYYY-MM or N/A.',
      ],
      [{ ...validResumePayload(), summary: ' ' }, 'Professional summary is required.'],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', '/resume', alice, body);
      expect(response.status).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });
});

describe('order history', () => {
  it('lists every order of the caller, newest first, paid and unpaid', async () => {
    const carol = await registerUser(t, { email: 'Carol.History@Example.com' });
    const first = await resumeOrder(carol);
    const second = await reviewOrder(carol);
    await markPaid(t, first);
    const response = await call('GET', '/orders/history/carol.history@example.com', carol);
    expect(response.status).toBe(200);
    const orders = response.json().orders as { id: string; paymentStatus: string }[];
    expect(orders.map((order) => [order.id, order.paymentStatus])).toEqual([
      [second, 'unpaid'],
      [first, 'paid'],
    ]);
  });

  it('is refused for any e-mail but the caller’s own', async () => {
    for (const user of [alice, admin]) {
      const response = await call('GET', `/orders/history/${bob.email}`, user);
      expect(response.status).toBe(403);
      expect(response.json()).toEqual({ message: 'Access denied.' });
    }
  });
});

describe('one order', () => {
  it('is 404 when unknown, 403 for another user, readable by its owner and admins', async () => {
    const orderId = await reviewOrder(alice);
    expect((await call('GET', `/orders/${randomUUID()}`, alice)).status).toBe(404);
    for (const url of [`/orders/${orderId}`, `/orders/${orderId}/suggestions`]) {
      const other = await call('GET', url, bob);
      expect(other.status).toBe(403);
      expect(other.json()).toEqual({ message: 'Access denied.' });
      expect((await call('GET', url, alice)).status).toBe(200);
      expect((await call('GET', url, admin)).status).toBe(200);
    }
    expect((await call('GET', `/orders/${randomUUID()}/suggestions`, alice)).status).toBe(404);
  });

  it('shows review suggestions once an admin saved them', async () => {
    const orderId = await reviewOrder(alice);
    expect((await call('GET', `/orders/${orderId}/suggestions`, alice)).json()).toEqual({
      reviewSuggestions: null,
    });
    await orderCommand(orderId, {
      type: 'SaveReviewSuggestions',
      data: { text: 'Lead with impact.' },
    });
    expect((await call('GET', `/orders/${orderId}/suggestions`, alice)).json()).toEqual({
      reviewSuggestions: 'Lead with impact.',
    });
    const { order } = (await call('GET', `/orders/${orderId}`, alice)).json();
    expect(order).toMatchObject({
      hasReviewSuggestions: true,
      reviewSuggestions: 'Lead with impact.',
    });
  });
});

describe('the timeline and POST /orders/{id}/delivery-opened', () => {
  it('times each step from the events, promises 48 hours from payment, and marks a new delivery until its owner opens it', async () => {
    const orderId = await reviewOrder(alice);
    await markPaid(t, orderId);
    let order = (await call('GET', `/orders/${orderId}`, alice)).json().order as {
      timeline: Record<string, string | null>;
      newDelivery: boolean;
    };
    const paidAt = Date.parse(order.timeline.paidAt ?? '');
    expect(paidAt).toBeGreaterThanOrEqual(Date.parse(order.timeline.placedAt ?? ''));
    expect(Date.parse(order.timeline.dueAt ?? '') - paidAt).toBe(48 * 3_600_000);
    expect(order.newDelivery).toBe(false);
    // Nothing delivered yet: opening records nothing.
    expect((await call('POST', `/orders/${orderId}/delivery-opened`, alice)).status).toBe(200);

    await orderCommand(orderId, { type: 'SetOrderStatus', data: { status: 'processing' } });
    await orderCommand(orderId, {
      type: 'SaveReviewSuggestions',
      data: { text: 'Lead with impact.' },
    });
    order = (await call('GET', `/orders/${orderId}`, alice)).json().order as typeof order;
    expect(order.timeline.startedAt).toEqual(expect.any(String));
    expect(order.timeline.deliveredAt).toEqual(expect.any(String));
    expect(order.newDelivery).toBe(true);

    // Someone else (even an admin) opening it does not count; the owner's opening does, once.
    expect((await call('POST', `/orders/${orderId}/delivery-opened`, bob)).status).toBe(403);
    expect((await call('POST', `/orders/${orderId}/delivery-opened`, admin)).status).toBe(403);
    const opened = await call('POST', `/orders/${orderId}/delivery-opened`, alice);
    expect(opened.status).toBe(200);
    expect(opened.json().order).toMatchObject({ newDelivery: false });
    const events = async () =>
      (await t.services.store.readStream(orderStreamName(orderId))).events.filter(
        (event) => event.type === 'DeliveryOpened',
      ).length;
    expect(await events()).toBe(1);
    await call('POST', `/orders/${orderId}/delivery-opened`, alice);
    expect(await events()).toBe(1);

    await orderCommand(orderId, { type: 'SetOrderStatus', data: { status: 'completed' } });
    order = (await call('GET', `/orders/${orderId}`, alice)).json().order as typeof order;
    expect(order.timeline.completedAt).toEqual(expect.any(String));
    // The promise is kept: no due time once the work is closed.
    expect(order.timeline.dueAt).toBeNull();
  });

  it('is 404 for an unknown order', async () => {
    const response = await call('POST', `/orders/${randomUUID()}/delivery-opened`, alice);
    expect(response.status).toBe(404);
  });
});

describe('DELETE /orders/{id}', () => {
  it('deletes an unpaid order with its file: gone from the history', async () => {
    const orderId = await reviewOrder(alice);
    const filesBefore = await t.storedFiles();
    expect((await call('DELETE', `/orders/${orderId}`, bob)).status).toBe(403);
    // Admins read any order but do not delete customers' orders.
    expect((await call('DELETE', `/orders/${orderId}`, admin)).status).toBe(403);

    const response = await call('DELETE', `/orders/${orderId}`, alice);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ message: 'Order deleted.' });

    expect((await call('GET', `/orders/${orderId}`, alice)).status).toBe(404);
    const history = await call('GET', `/orders/history/${alice.email}`, alice);
    const ids = (history.json().orders as { id: string }[]).map((order) => order.id);
    expect(ids).not.toContain(orderId);
    expect(await t.storedFiles()).toHaveLength(filesBefore.length - 1);
    expect((await call('DELETE', `/orders/${orderId}`, alice)).status).toBe(404);
    expect((await call('DELETE', `/orders/${randomUUID()}`, alice)).status).toBe(404);
  });

  it('refuses a paid order with the decider’s message', async () => {
    const orderId = await resumeOrder(alice);
    await markPaid(t, orderId);
    const response = await call('DELETE', `/orders/${orderId}`, alice);
    expect(response.status).toBe(409);
    expect(response.json()).toEqual({ message: ORDER_MESSAGES.paidCannotBeDeleted });
    expect((await call('GET', `/orders/${orderId}`, alice)).status).toBe(200);
  });
});

describe('PATCH /orders/{id}/currency', () => {
  it('re-prices an unpaid order from the price table', async () => {
    const orderId = await reviewOrder(alice);
    const before = (await call('GET', `/orders/${orderId}`, alice)).json().order;
    expect(before).toMatchObject({ amount: 200, currency: 'INR' });

    const response = await call('PATCH', `/orders/${orderId}/currency`, alice, {
      currency: 'usd',
    });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({
      order: { id: orderId, amount: 3, currency: 'USD', paymentStatus: 'unpaid' },
      message: 'Currency updated to USD.',
    });
    const after = (await call('GET', `/orders/${orderId}`, alice)).json().order;
    expect(after).toMatchObject({ amount: 3, currency: 'USD' });
  });

  it('refuses another user, an unknown order, an unknown currency and a paid order', async () => {
    const orderId = await resumeOrder(alice);
    const url = `/orders/${orderId}/currency`;
    expect((await call('PATCH', url, bob, { currency: 'usd' })).status).toBe(403);
    expect((await call('PATCH', url, admin, { currency: 'usd' })).status).toBe(403);
    const unknown = await call('PATCH', `/orders/${randomUUID()}/currency`, alice, {
      currency: 'usd',
    });
    expect(unknown.status).toBe(404);
    const badCurrency = await call('PATCH', url, alice, { currency: 'gbp' });
    expect(badCurrency.status).toBe(400);
    expect(badCurrency.json().message).toBe('Unknown currency: gbp');

    await markPaid(t, orderId);
    const paid = await call('PATCH', url, alice, { currency: 'usd' });
    expect(paid.status).toBe(409);
    expect(paid.json()).toEqual({ message: ORDER_MESSAGES.alreadyPaid });
  });
});

describe('GET /me/stats', () => {
  it('counts the caller’s orders, resumes, paid work pending and completed', async () => {
    const dana = await registerUser(t);
    const empty = await call('GET', '/me/stats', dana);
    expect(empty.json()).toEqual({
      ok: true,
      totals: { resumes: 0, orders: 0 },
      orders: { pending: 0, completed: 0 },
    });

    await resumeOrder(dana); // unpaid: counted as an order and a resume, not as pending work
    const paidResume = await resumeOrder(dana);
    await markPaid(t, paidResume); // paid, pending
    const processing = await reviewOrder(dana);
    await markPaid(t, processing);
    await orderCommand(processing, { type: 'SetOrderStatus', data: { status: 'processing' } });
    const done = await reviewOrder(dana, 'resume_rewrite');
    await markPaid(t, done);
    await orderCommand(done, { type: 'SetOrderStatus', data: { status: 'completed' } });
    await resumeOrder(bob); // someone else's

    const response = await call('GET', '/me/stats', dana);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      totals: { resumes: 2, orders: 4 },
      orders: { pending: 2, completed: 1 },
    });
  });
});

describe('GET /orders/{id}/receipt', () => {
  it('prints a receipt for a paid order to its owner or an admin', async () => {
    const orderId = await resumeOrder(alice);
    expect((await call('GET', `/orders/${orderId}/receipt`, alice)).status).toBe(404);
    const unpaidView = (await call('GET', `/orders/${orderId}`, alice)).json().order;
    expect(unpaidView).toMatchObject({ receiptUrl: null, invoiceUrl: null });

    await markPaid(t, orderId);
    const { order } = (await call('GET', `/orders/${orderId}`, alice)).json();
    const receiptUrl = `/api/orders/${orderId}/receipt`;
    expect(order).toMatchObject({ paymentStatus: 'paid', receiptUrl, invoiceUrl: receiptUrl });

    const receipt = await call('GET', `/orders/${orderId}/receipt`, alice);
    expect(receipt.status).toBe(200);
    expect(receipt.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(receipt.text).toContain(orderId);
    expect(receipt.text).toContain('ATS Resume – From Scratch');
    expect(receipt.text).toContain('₹850');
    expect(receipt.text).toContain('INR');
    expect(receipt.text).toMatch(/Paid<\/th><td>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    expect((await call('GET', `/orders/${orderId}/receipt`, bob)).status).toBe(403);
    expect((await call('GET', `/orders/${orderId}/receipt`, admin)).status).toBe(200);
    expect((await call('GET', `/orders/${randomUUID()}/receipt`, alice)).status).toBe(404);
  });
});

describe('crypto-shredding', () => {
  it('after the key is erased the order shows no e-mail or uploads, and replays', async () => {
    const orderId = await reviewOrder(alice);
    await t.services.vault.erase(orderStreamName(orderId), new Date().toISOString());
    await orderCommand(orderId, { type: 'EraseOrderData', data: {} });

    const response = await call('GET', `/orders/${orderId}`, alice);
    expect(response.status).toBe(200);
    expect(response.json().order).toMatchObject({
      id: orderId,
      userEmail: null,
      customerUploads: [],
      attachments: [],
      service: 'resume_review',
      amount: 200,
    });
    expect(response.text).not.toContain(alice.email);
    const { events } = await t.services.store.readStream(orderStreamName(orderId));
    expect(events[0]?.data).toMatchObject({ userEmail: null, customerUploads: null });
  });
});

describe('the read models', () => {
  it('equal a replay of the events after everything above', async () => {
    const report = await verifyProjections({
      connectionString: t.databaseUrl,
      store: t.services.store,
    });
    expect(report.projections.filter((projection) => !projection.ok)).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
