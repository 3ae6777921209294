import { randomUUID } from 'node:crypto';
import { getAdminDashboardRoute, listAdminUserOrdersRoute } from '@shortlist/domain/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  placeResumeOrder,
  placeServiceOrder,
  registerNamed,
} from '../../../testing/admin-test-kit';
import {
  createOrdersTestApp,
  markPaid,
  type OrdersTestApp,
  registerUser,
  type TestUser,
} from '../../../testing/orders-test-kit';

// The dashboard's counts and the Users screen's order drawer, on the real app and database.
let t: OrdersTestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createOrdersTestApp();
  admin = await registerNamed(t, { name: 'Root Admin', email: 'root@example.com', role: 'admin' });
});

afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

async function get(url: string, user: TestUser = admin) {
  const response = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: user.auth });
  return { status: response.statusCode, json: () => response.json() };
}

const dashboard = async () => {
  const answer = await get('/admin/dashboard');
  expect(answer.status).toBe(200);
  return getAdminDashboardRoute.response.parse(answer.json());
};

describe('GET /admin/dashboard', () => {
  it('counts paid work by status, late orders, open queries and requested payouts', async () => {
    expect(await dashboard()).toEqual({
      orders: { pending: 0, processing: 0 },
      overdueOrders: 0,
      openQueries: 0,
      openInfluencerQueries: 0,
      payoutsRequested: 0,
    });

    const customer = await registerUser(t);
    const review = await placeServiceOrder(t, customer, 'resume_review');
    const resume = await placeResumeOrder(t, customer);
    // Unpaid orders are carts, not work (SPEC §4): they count nowhere.
    expect((await dashboard()).orders).toEqual({ pending: 0, processing: 0 });

    await markPaid(t, review);
    await markPaid(t, resume);
    const processing = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${resume}`,
      headers: admin.auth,
      payload: { status: 'processing' },
    });
    expect(processing.statusCode).toBe(200);
    expect(await dashboard()).toMatchObject({
      orders: { pending: 1, processing: 1 },
      overdueOrders: 0,
    });

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/queries',
      payload: { pid: '', contactemail: 'asha@example.com', contactmessage: `Hi ${randomUUID()}` },
    });
    expect(sent.statusCode).toBe(201);
    await vi.waitFor(async () => expect((await dashboard()).openQueries).toBe(1), {
      timeout: 30_000,
      interval: 20,
    });
  });

  it('counts paid orders not completed 48 hours after payment as late', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 49 * 3_600_000);
    try {
      expect((await dashboard()).overdueOrders).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is for admins only', async () => {
    const customer = await registerUser(t);
    expect((await get('/admin/dashboard', customer)).status).toBe(403);
  });
});

describe('GET /admin/users/{id}/orders', () => {
  it("lists one account's orders, unpaid ones too, newest first", async () => {
    const customer = await registerUser(t);
    const other = await registerUser(t);
    const first = await placeServiceOrder(t, customer, 'resume_review');
    await markPaid(t, first);
    const second = await placeServiceOrder(t, customer, 'resume_rewrite');
    await placeServiceOrder(t, other, 'resume_review');

    const answer = await get(`/admin/users/${customer.id}/orders`);

    expect(answer.status).toBe(200);
    const { items } = listAdminUserOrdersRoute.response.parse(answer.json());
    expect(items.map((order) => [order.id, order.paymentStatus])).toEqual([
      [second, 'unpaid'],
      [first, 'paid'],
    ]);
    expect((await get(`/admin/users/${randomUUID()}/orders`)).json()).toEqual({ items: [] });
  });
});
