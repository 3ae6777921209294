import { orderStreamName, UNPAID_ORDER_EXPIRY_DAYS } from '@shortlist/domain';
import { verifyProjections } from '@shortlist/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskFileStorage } from '../files/local-disk.file-storage';
import { placeResumeOrder, placeServiceOrder } from '../testing/admin-test-kit';
import {
  createOrdersTestApp,
  markPaid,
  type OrdersTestApp,
  registerUser,
  type TestUser,
} from '../testing/orders-test-kit';
import { type ExpireUnpaidOrdersInput, expireUnpaidOrders } from './expire-unpaid-orders';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: OrdersTestApp;
let alice: TestUser;
const errors: { object: object; message: string }[] = [];
/** Alice's unpaid review (with its PDF), unpaid from-scratch order, and paid review. */
const order = { unpaidReview: '', unpaidScratch: '', paid: '' };
let unpaidFileIds: string[] = [];

beforeAll(async () => {
  t = await createOrdersTestApp();
  alice = await registerUser(t);
  order.unpaidReview = await placeServiceOrder(t, alice, 'resume_review');
  order.unpaidScratch = await placeResumeOrder(t, alice);
  order.paid = await placeServiceOrder(t, alice, 'resume_review');
  await markPaid(t, order.paid);
  unpaidFileIds = await fileIdsOf(order.unpaidReview);
});

afterAll(async () => {
  await t?.close();
});

async function fileIdsOf(orderId: string): Promise<string[]> {
  const row = await t.services.db
    .selectFrom('orders')
    .select(['customer_uploads', 'attachments'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return [...row.customer_uploads, ...row.attachments].map((file) => file.fileId);
}

/** A run as the daily job makes it, `daysLater` days from now. */
function runDaysLater(daysLater: number, overrides: Partial<ExpireUnpaidOrdersInput> = {}) {
  return expireUnpaidOrders({
    store: t.services.store,
    db: t.services.db,
    vault: t.services.vault,
    files: createLocalDiskFileStorage({ root: `${t.dataDir}/files` }),
    now: new Date(Date.now() + daysLater * DAY_MS),
    logger: { info: () => {}, error: (object, message) => errors.push({ object, message }) },
    waitForProjections: (position) => t.app.waitForProjections(position, ['orders']),
    ...overrides,
  });
}

const getOrder = (orderId: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: alice.auth });

async function stored(fileIds: string[]): Promise<string[]> {
  const paths = await t.storedFiles();
  return fileIds.filter((fileId) => paths.some((path) => path.endsWith(fileId)));
}

describe('expireUnpaidOrders', () => {
  it(`keeps every order younger than ${UNPAID_ORDER_EXPIRY_DAYS} days`, async () => {
    expect(await runDaysLater(UNPAID_ORDER_EXPIRY_DAYS - 1)).toEqual({ expired: [], skipped: [] });
    expect((await getOrder(order.unpaidReview)).statusCode).toBe(200);
    expect(await stored(unpaidFileIds)).toEqual(unpaidFileIds);
  });

  it('removes the unpaid orders once older: gone for the customer, files deleted', async () => {
    expect(unpaidFileIds).toHaveLength(1);
    const result = await runDaysLater(UNPAID_ORDER_EXPIRY_DAYS + 0.01);
    expect(new Set(result.expired)).toEqual(new Set([order.unpaidReview, order.unpaidScratch]));
    expect(errors).toEqual([]);

    for (const orderId of [order.unpaidReview, order.unpaidScratch]) {
      expect((await getOrder(orderId)).statusCode).toBe(404);
    }
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/orders/history/${encodeURIComponent(alice.email)}`,
      headers: alice.auth,
    });
    expect(history.json().orders.map((o: { id: string }) => o.id)).toEqual([order.paid]);
    expect(await stored(unpaidFileIds)).toEqual([]);
  });

  it('erases them as a deletion does: OrderDeleted by the expiry, personal fields unreadable', async () => {
    const streamName = orderStreamName(order.unpaidReview);
    expect(await t.services.vault.isErased(streamName)).toBe(true);
    const { events } = await t.services.store.readStream(streamName);
    expect(events.map((event) => event.type)).toEqual(['OrderPlaced', 'OrderDeleted']);
    expect(events[1]?.metadata).toMatchObject({ actor: 'system:unpaid-expiry' });
    expect(events[0]?.data).toMatchObject({ userEmail: null, customerUploads: null });
    expect(JSON.stringify(events)).not.toContain(alice.email);
  });

  it('leaves the paid order, its file and its key alone', async () => {
    const view = (await getOrder(order.paid)).json().order;
    expect(view).toMatchObject({ paymentStatus: 'paid', customerUploads: [{ name: 'cv.pdf' }] });
    expect(await t.services.vault.isErased(orderStreamName(order.paid))).toBe(false);
    const fileIds = await fileIdsOf(order.paid);
    expect(await stored(fileIds)).toEqual(fileIds);
  });

  it('removes nothing more and appends nothing when run again', async () => {
    const head = await t.services.store.committedHeadPosition();
    expect(await runDaysLater(UNPAID_ORDER_EXPIRY_DAYS + 1)).toEqual({ expired: [], skipped: [] });
    expect(await t.services.store.committedHeadPosition()).toEqual(head);
  });

  it('records one deletion when two runs race for the same order', async () => {
    const orderId = await placeServiceOrder(t, alice, 'resume_rewrite');
    const fileIds = await fileIdsOf(orderId);
    const [first, second] = await Promise.all([
      runDaysLater(UNPAID_ORDER_EXPIRY_DAYS + 1),
      runDaysLater(UNPAID_ORDER_EXPIRY_DAYS + 1),
    ]);
    // The loser either meets the deleted order (skipped) or appends the same event id again.
    expect(first.expired.concat(second.expired)).toContain(orderId);
    const { events } = await t.services.store.readStream(orderStreamName(orderId));
    expect(events.filter((event) => event.type === 'OrderDeleted')).toHaveLength(1);
    expect(await stored(fileIds)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('leaves read models that equal a replay of the events', async () => {
    const report = await verifyProjections({
      connectionString: t.databaseUrl,
      store: t.services.store,
    });
    expect(report.projections.filter((projection) => !projection.ok)).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
