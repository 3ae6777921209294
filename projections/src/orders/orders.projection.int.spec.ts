import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProjectionTestDatabase,
  expectIdempotentProjection,
  type ProjectionTestDatabase,
  recordedEvents,
} from '../testing';
import { usersProjection } from '../users/users.projection';
import { ordersProjection } from './orders.projection';

let database: ProjectionTestDatabase;

beforeAll(async () => {
  database = await createProjectionTestDatabase('orders');
});

afterAll(async () => {
  await database.drop();
});

const at = (minute: number) => ({
  actor: 'user:u1',
  at: `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

const placed = {
  orderId: 'o1',
  userId: 'u1',
  userEmail: 'asha@example.com',
  service: 'resume_review',
  planName: 'Resume Review',
  description: 'Resume review requested',
  amount: 200,
  currency: 'INR',
  resume: null,
  customerUploads: [{ fileId: 'f1', name: 'cv.pdf' }],
};

const history = recordedEvents([
  { streamName: 'order-o1', type: 'OrderPlaced', data: placed, metadata: at(0) },
  {
    streamName: 'order-o1',
    type: 'OrderCurrencyChanged',
    data: { orderId: 'o1', currency: 'USD', amount: 3 },
    metadata: at(1),
  },
  {
    streamName: 'order-o1',
    type: 'OrderPaid',
    data: {
      orderId: 'o1',
      paymentId: 'pay_1',
      providerOrderId: 'order_1',
      amount: 3,
      currency: 'USD',
    },
    metadata: at(2),
  },
  {
    streamName: 'order-o1',
    type: 'DeliveryAttached',
    data: { orderId: 'o1', file: { fileId: 'f2', name: 'final.pdf' }, filename: 'final.pdf' },
    metadata: at(3),
  },
  {
    streamName: 'order-o1',
    type: 'ReviewSuggestionsSaved',
    data: { orderId: 'o1', text: 'Quantify results.' },
    metadata: at(4),
  },
  {
    streamName: 'order-o1',
    type: 'OrderStatusChanged',
    data: { orderId: 'o1', from: 'pending', to: 'completed' },
    metadata: at(5),
  },
  {
    streamName: 'order-o2',
    type: 'OrderPlaced',
    data: { ...placed, orderId: 'o2' },
    metadata: at(6),
  },
  { streamName: 'order-o2', type: 'OrderDeleted', data: { orderId: 'o2' }, metadata: at(7) },
]);

describe('orders projection', () => {
  it('is idempotent and shows the SPEC §3 order fields', async () => {
    await expectIdempotentProjection({
      db: database.db,
      projection: ordersProjection,
      events: history,
    });
    const rows = await database.db.selectFrom('orders').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 'o1',
      user_email: 'asha@example.com',
      status: 'completed',
      payment_status: 'paid',
      currency: 'USD',
      customer_uploads: [{ fileId: 'f1', name: 'cv.pdf' }],
      attachments: [{ fileId: 'f2', name: 'final.pdf', filename: 'final.pdf' }],
      review_suggestions: 'Quantify results.',
      created_at: new Date('2026-11-01T10:00:00.000Z'),
      completed_at: new Date('2026-11-01T10:05:00.000Z'),
    });
    expect(Number(rows[0]?.amount)).toBe(3);
  });

  it('scrubs personal data on erasure', async () => {
    const erased = recordedEvents(
      [
        {
          streamName: 'order-o1',
          type: 'OrderDataErased',
          data: { orderId: 'o1' },
          metadata: at(9),
        },
      ],
      100,
    );
    await database.db.transaction().execute((trx) => ordersProjection.apply(trx, erased));
    const row = await database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', 'o1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_email: null,
      customer_uploads: [],
      attachments: [],
      review_suggestions: null,
    });
  });

  it('keeps each timeline step at its event time: started, delivered, opened, refunded', async () => {
    const order = (id: string) => ({ ...placed, orderId: id });
    const paidAt = (id: string, minute: number) => ({
      streamName: `order-${id}`,
      type: 'OrderPaid',
      data: {
        orderId: id,
        paymentId: `pay_${id}`,
        providerOrderId: 'p',
        amount: 200,
        currency: 'INR',
      },
      metadata: at(minute),
    });
    const file = (id: string, name: string, minute: number) => ({
      streamName: `order-${id}`,
      type: 'DeliveryAttached',
      data: { orderId: id, file: { fileId: `f-${name}`, name }, filename: name },
      metadata: at(minute),
    });
    const events = recordedEvents(
      [
        { streamName: 'order-o3', type: 'OrderPlaced', data: order('o3'), metadata: at(10) },
        paidAt('o3', 11),
        {
          streamName: 'order-o3',
          type: 'OrderStatusChanged',
          data: { orderId: 'o3', from: 'pending', to: 'processing' },
          metadata: at(12),
        },
        file('o3', 'first.pdf', 13),
        {
          streamName: 'order-o3',
          type: 'DeliveryOpened',
          data: { orderId: 'o3' },
          metadata: at(14),
        },
        file('o3', 'second.pdf', 15),
        { streamName: 'order-o4', type: 'OrderPlaced', data: order('o4'), metadata: at(20) },
        paidAt('o4', 21),
        {
          streamName: 'order-o4',
          type: 'OrderRefunded',
          data: { orderId: 'o4', refundId: 'r1', amount: 200, currency: 'INR' },
          metadata: at(22),
        },
        { streamName: 'order-o5', type: 'OrderPlaced', data: order('o5'), metadata: at(30) },
        paidAt('o5', 31),
        file('o5', 'wrong.pdf', 32),
        {
          streamName: 'order-o5',
          type: 'DeliveryRemoved',
          data: { orderId: 'o5', filename: 'wrong.pdf' },
          metadata: at(33),
        },
      ],
      200,
    );
    await expectIdempotentProjection({ db: database.db, projection: ordersProjection, events });
    const rows = await database.db
      .selectFrom('orders')
      .select([
        'id',
        'status',
        'paid_at',
        'started_at',
        'delivered_at',
        'delivery_opened_at',
        'refunded_at',
      ])
      .where('id', 'in', ['o3', 'o4', 'o5'])
      .orderBy('id')
      .execute();
    const time = (minute: number) => new Date(at(minute).at);
    expect(rows).toEqual([
      {
        id: 'o3',
        status: 'processing',
        paid_at: time(11),
        started_at: time(12),
        // The latest delivery, newer than the opening: new again.
        delivered_at: time(15),
        delivery_opened_at: time(14),
        refunded_at: null,
      },
      {
        id: 'o4',
        status: 'refunded',
        paid_at: time(21),
        started_at: null,
        delivered_at: null,
        delivery_opened_at: null,
        refunded_at: time(22),
      },
      {
        id: 'o5',
        status: 'pending',
        paid_at: time(31),
        started_at: null,
        // The only file taken back: nothing is delivered.
        delivered_at: null,
        delivery_opened_at: null,
        refunded_at: null,
      },
    ]);
  });
});

describe('users projection', () => {
  it('is idempotent, keeps the referral, follows password changes and erasure', async () => {
    const events = recordedEvents([
      {
        streamName: 'user-u1',
        type: 'UserRegistered',
        data: {
          userId: 'u1',
          email: 'asha@example.com',
          name: 'Asha',
          passwordHash: 'h1',
          role: 'user',
          referral: { influencerId: 'i1', referralCode: 'ASHA' },
        },
        metadata: at(0),
      },
      {
        streamName: 'user-u1',
        type: 'PasswordChanged',
        data: { userId: 'u1', passwordHash: 'h2', reason: 'reset' },
        metadata: at(1),
      },
    ]);
    await expectIdempotentProjection({ db: database.db, projection: usersProjection, events });
    const user = await database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: 'asha@example.com',
      password_hash: 'h2',
      referral_influencer_id: 'i1',
      referral_code: 'ASHA',
    });
    const erased = recordedEvents(
      [{ streamName: 'user-u1', type: 'UserErased', data: { userId: 'u1' }, metadata: at(2) }],
      50,
    );
    await database.db.transaction().execute((trx) => usersProjection.apply(trx, erased));
    const after = await database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(after).toMatchObject({ email: null, name: null, password_hash: null });
  });
});
