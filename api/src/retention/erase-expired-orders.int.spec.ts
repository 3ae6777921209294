import { randomUUID } from 'node:crypto';
import { orderDecider, orderStreamName, type SetOrderStatus } from '@shortlist/domain';
import { verifyProjections } from '@shortlist/projections';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../commands/handle-command';
import type { FileStorage } from '../files/file-storage.port';
import { createLocalDiskFileStorage } from '../files/local-disk.file-storage';
import { minimalPdf } from '../files/testing/document-fixtures';
import { placeServiceOrder } from '../testing/admin-test-kit';
import {
  createOrdersTestApp,
  markPaid,
  multipartForm,
  type OrdersTestApp,
  registerUser,
  type TestUser,
} from '../testing/orders-test-kit';
import { type EraseExpiredOrdersInput, eraseExpiredOrders } from './erase-expired-orders';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: OrdersTestApp;
let pool: pg.Pool;
let admin: TestUser;
let alice: TestUser;
let files: FileStorage;
const errors: { object: object; message: string }[] = [];
/** Completed 31 days ago, completed 29 days ago, paid but still pending. */
const order = { expired: '', recent: '', pending: '' };
/** Storage ids of the expired order's upload and attachment. */
let expiredFileIds: string[] = [];

beforeAll(async () => {
  t = await createOrdersTestApp();
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
  files = createLocalDiskFileStorage({ root: `${t.dataDir}/files` });
  admin = await registerUser(t, { role: 'admin' });
  alice = await registerUser(t);
  order.expired = await deliveredOrder(31);
  order.recent = await deliveredOrder(29);
  order.pending = await placeServiceOrder(t, alice, 'resume_review');
  await markPaid(t, order.pending);
  expiredFileIds = await fileIdsOf(order.expired);
});

afterAll(async () => {
  await pool?.end();
  await t?.close();
});

/** A paid review order with the customer's PDF and an admin's delivery, completed days ago. */
async function deliveredOrder(completedDaysAgo: number): Promise<string> {
  const orderId = await placeServiceOrder(t, alice, 'resume_review');
  await markPaid(t, orderId);
  const form = multipartForm([['file', { filename: 'final.pdf', content: minimalPdf() }]]);
  const attached = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/attachments`,
    headers: { ...admin.auth, ...form.headers },
    payload: form.payload,
  });
  expect(attached.statusCode).toBe(200);
  // The read model's completed_at is the event's metadata.at: the decision's time, backdated.
  const command: SetOrderStatus = {
    type: 'SetOrderStatus',
    data: { status: 'completed' },
    metadata: {
      actor: `admin:${admin.id}`,
      correlationId: randomUUID(),
      causationId: null,
      now: new Date(Date.now() - completedDaysAgo * DAY_MS).toISOString(),
    },
  };
  const { position } = await handleCommand({
    store: t.services.store,
    streamName: orderStreamName(orderId),
    decider: orderDecider,
    command,
  });
  await t.app.waitForProjections(position, ['orders']);
  return orderId;
}

async function fileIdsOf(orderId: string): Promise<string[]> {
  const row = await t.services.db
    .selectFrom('orders')
    .select(['customer_uploads', 'attachments'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return [...row.customer_uploads, ...row.attachments].map((file) => file.fileId);
}

function run(overrides: Partial<EraseExpiredOrdersInput> = {}) {
  return eraseExpiredOrders({
    store: t.services.store,
    db: t.services.db,
    vault: t.services.vault,
    files,
    now: new Date(),
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

describe('eraseExpiredOrders', () => {
  it('erases an order completed over 30 days ago: personal data, files and key', async () => {
    expect(expiredFileIds).toHaveLength(2);
    expect(await stored(expiredFileIds)).toEqual(expiredFileIds);

    expect(await run()).toEqual({ erased: [order.expired] });
    expect(errors).toEqual([]);

    const response = await getOrder(order.expired);
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({
      id: order.expired,
      status: 'completed',
      paymentStatus: 'paid',
      userEmail: null,
      customerUploads: [],
      attachments: [],
    });
    expect(response.body).not.toContain(alice.email);
    const upload = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.expired}/uploads/0`,
      headers: alice.auth,
    });
    expect(upload.statusCode).toBe(404);
    expect(await stored(expiredFileIds)).toEqual([]);
  });

  it('leaves the events in place, unreadable, and recorded by system:retention', async () => {
    const streamName = orderStreamName(order.expired);
    expect(await t.services.vault.isErased(streamName)).toBe(true);
    const { events } = await t.services.store.readStream(streamName);
    expect(events.map((event) => event.type)).toEqual([
      'OrderPlaced',
      'OrderPaid',
      'DeliveryAttached',
      'OrderStatusChanged',
      'OrderDataErased',
    ]);
    expect(events[0]?.data).toMatchObject({
      userEmail: null,
      resume: null,
      customerUploads: null,
      service: 'resume_review',
    });
    expect(events[2]?.data).toMatchObject({ file: null, filename: null });
    expect(events[4]?.metadata).toMatchObject({ actor: 'system:retention' });

    // The ciphertext is still stored; only the key to it is gone.
    const { rows } = await pool.query<{ data: string; sealed: string | null }>(
      `SELECT data::text AS data, data->'userEmail'->>'$sealed' AS sealed
       FROM eventstore.events WHERE stream_name = $1 AND type = 'OrderPlaced'`,
      [streamName],
    );
    expect(rows[0]?.sealed).toBe('1');
    expect(rows[0]?.data).not.toContain(alice.email);
  });

  it('leaves an order completed 29 days ago and a pending one untouched', async () => {
    for (const orderId of [order.recent, order.pending]) {
      const { order: view } = (await getOrder(orderId)).json();
      expect(view).toMatchObject({ userEmail: alice.email, customerUploads: [{ name: 'cv.pdf' }] });
      expect(await t.services.vault.isErased(orderStreamName(orderId))).toBe(false);
      const fileIds = await fileIdsOf(orderId);
      expect(await stored(fileIds)).toEqual(fileIds);
    }
    expect((await getOrder(order.recent)).json().order.attachments).toHaveLength(1);
  });

  it('erases nothing more and appends nothing when run again', async () => {
    const head = await t.services.store.committedHeadPosition();
    expect(await run()).toEqual({ erased: [] });
    expect(await t.services.store.committedHeadPosition()).toEqual(head);
  });

  it('records one erasure when two runs race for the same order', async () => {
    const orderId = await deliveredOrder(40);
    const fileIds = await fileIdsOf(orderId);
    const [first, second] = await Promise.all([run(), run()]);
    expect(new Set([...first.erased, ...second.erased])).toEqual(new Set([orderId]));
    const { events } = await t.services.store.readStream(orderStreamName(orderId));
    expect(events.filter((event) => event.type === 'OrderDataErased')).toHaveLength(1);
    expect(await stored(fileIds)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('goes on past an order that fails, and erases it on the next run', async () => {
    const failing = await deliveredOrder(35);
    const other = await deliveredOrder(33);
    const [brokenFile] = await fileIdsOf(failing);
    const flaky: FileStorage = {
      ...files,
      delete: async (fileId) => {
        if (fileId === brokenFile) throw new Error('disk says no');
        await files.delete(fileId);
      },
    };
    errors.length = 0;
    expect(await run({ files: flaky })).toEqual({ erased: [other] });
    expect(errors).toEqual([
      { object: expect.objectContaining({ orderId: failing }), message: expect.any(String) },
    ]);
    // Half done (key gone, files not) yet still due: the next run finishes it.
    expect(await t.services.vault.isErased(orderStreamName(failing))).toBe(true);
    expect((await getOrder(failing)).json().order.customerUploads).toHaveLength(1);

    expect(await run()).toEqual({ erased: [failing] });
    const failingFiles = await fileIdsOf(failing);
    expect(failingFiles).toEqual([]);
    expect(await stored(brokenFile === undefined ? [] : [brokenFile])).toEqual([]);
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
