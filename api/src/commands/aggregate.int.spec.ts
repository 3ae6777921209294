import { randomUUID } from 'node:crypto';
import {
  type AttachDelivery,
  type CommandMetadata,
  influencerStreamName,
  orderStreamName,
  type PlaceOrder,
  UndecodableEventError,
} from '@shortlist/domain';
import { placeOrderData } from '@shortlist/domain/testing';
import {
  createPostgresEventStore,
  type EventStore,
  migratePostgresEventStore,
} from '@shortlist/eventstore';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { influencerLedgers, orders } from './aggregates';
import { deterministicEventId } from './deterministic-event-id';

let database: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('api_aggregate');
  await migratePostgresEventStore(database.url);
  store = createPostgresEventStore({ connectionString: database.url });
});

afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const metadata: CommandMetadata = {
  actor: 'user:u-1',
  correlationId: 'corr-1',
  causationId: null,
  now: '2026-01-02T03:04:05.000Z',
};

function placeOrder(orderId: string): PlaceOrder {
  return {
    type: 'PlaceOrder',
    data: placeOrderData({ orderId, userId: 'u-1', description: 'Resume review requested' }),
    metadata,
  };
}

function attach(filename: string): AttachDelivery {
  return {
    type: 'AttachDelivery',
    data: { file: { fileId: `f-${filename}`, name: filename }, filename },
    metadata: { ...metadata, actor: 'admin:a-1' },
  };
}

/** Appends around the API, as an older version or a hand-run script would have. */
async function appendRaw(streamName: string, type: string, data: Record<string, unknown>) {
  const json = JSON.parse(JSON.stringify(data));
  await store.append(streamName, [{ id: randomUUID(), type, data: json, metadata: {} }]);
}

describe('aggregate loader', () => {
  it('loads state, version and a history decoded through the catalogue, with its metadata', async () => {
    const orderId = randomUUID();
    const order = orders(store);
    await order.handle(orderId, placeOrder(orderId));
    // A field no version of OrderPaid declares: the catalogue drops it, a cast would keep it.
    await appendRaw(orderStreamName(orderId), 'OrderPaid', {
      orderId,
      paymentId: 'pay_1',
      providerOrderId: 'order_1',
      amount: 200,
      currency: 'INR',
      debug: 'left by a script',
    });

    const loaded = await order.load(orderId);

    expect(loaded.version).toBe(1);
    expect(loaded.state).toMatchObject({ kind: 'placed', orderId, paymentId: 'pay_1' });
    expect(loaded.history.map((event) => event.type)).toEqual(['OrderPlaced', 'OrderPaid']);
    const [placed, paid] = loaded.history;
    expect(placed?.metadata).toEqual({
      actor: 'user:u-1',
      at: '2026-01-02T03:04:05.000Z',
      correlationId: 'corr-1',
      causationId: null,
    });
    expect(placed?.type === 'OrderPlaced' && placed.data.planName).toBe('Resume Review');
    expect(paid?.data).toEqual({
      orderId,
      paymentId: 'pay_1',
      providerOrderId: 'order_1',
      amount: 200,
      currency: 'INR',
    });
    // Without metadata (appended around the API) the time is the store's.
    expect(paid?.metadata).toMatchObject({ actor: null, at: paid?.recordedAt });
  });

  it('refuses a stored event that does not fit its schema, in load and in handle', async () => {
    const orderId = randomUUID();
    const order = orders(store);
    await order.handle(orderId, placeOrder(orderId));
    await appendRaw(orderStreamName(orderId), 'OrderPaid', {
      orderId,
      paymentId: 'pay_1',
      providerOrderId: 'order_1',
      amount: 'two hundred',
      currency: 'INR',
    });

    const load = order.load(orderId);
    await expect(load).rejects.toBeInstanceOf(UndecodableEventError);
    await expect(load).rejects.toThrow(
      `Event 1 of order-${orderId} (OrderPaid) does not fit its schema: amount:`,
    );
    // handle reads the stream afresh (the process remembers nothing of it): it refuses too,
    // and appends nothing.
    const other = createPostgresEventStore({ connectionString: database.url });
    try {
      await expect(orders(other).handle(orderId, attach('late.pdf'))).rejects.toBeInstanceOf(
        UndecodableEventError,
      );
    } finally {
      await other.close();
    }
    const { currentVersion } = await store.readStream(orderStreamName(orderId));
    expect(currentVersion).toBe(1);
  });

  it('refuses an event type the aggregate does not know', async () => {
    const orderId = randomUUID();
    await orders(store).handle(orderId, placeOrder(orderId));
    await appendRaw(orderStreamName(orderId), 'OrderTeleported', { orderId });

    await expect(orders(store).load(orderId)).rejects.toThrow(
      `Event 1 of order-${orderId} has type OrderTeleported, which this aggregate does not know`,
    );
  });

  it('upcasts an event an older version wrote: the payout request before bank accounts', async () => {
    const influencerId = randomUUID();
    const streamName = influencerStreamName(influencerId);
    await appendRaw(streamName, 'InfluencerCreated', {
      influencerId,
      name: 'Meera',
      email: 'meera@example.com',
      referralCode: 'MEERA',
      passwordHash: 'hash',
    });
    await appendRaw(streamName, 'ReferralRewardCredited', {
      influencerId,
      userId: 'u-1',
      orderId: 'o-1',
      amount: 500,
    });
    // As requests were recorded before bank accounts were accepted: no method, no account.
    await appendRaw(streamName, 'PayoutRequested', {
      influencerId,
      payoutId: 'p-1',
      amount: 500,
      payeeName: 'Meera',
      mobile: '9876543210',
      bankName: '',
      upiId: 'meera@upi',
    });

    const { history, state } = await influencerLedgers(store).load(influencerId);

    const request = history.at(-1);
    expect(request?.type).toBe('PayoutRequested');
    expect(request?.data).toMatchObject({ method: 'upi', accountNumber: '', ifsc: '' });
    expect(state).toMatchObject({ kind: 'created', balance: 0 });
  });

  it('handles a command given deterministic ids once: a repeat appends nothing', async () => {
    const orderId = randomUUID();
    const order = orders(store);
    await order.handle(orderId, placeOrder(orderId));
    const eventIds = [deterministicEventId('spec:attach', orderId)];

    const first = await order.handle(orderId, attach('cv-final.pdf'), { eventIds });
    const again = await order.handle(orderId, attach('cv-final.pdf'), { eventIds });

    expect(first.events.map((event) => event.id)).toEqual(eventIds);
    expect(again.events.map((event) => event.id)).toEqual(eventIds);
    expect(again.nextExpectedVersion).toBe(first.nextExpectedVersion);
    const { history } = await order.load(orderId);
    expect(history.filter((event) => event.type === 'DeliveryAttached')).toHaveLength(1);
  });

  it('decides a command after a load on the loaded state, without reading the stream again', async () => {
    const orderId = randomUUID();
    await orders(store).handle(orderId, placeOrder(orderId));
    let reads = 0;
    const counting: EventStore = {
      ...store,
      readStream: (name, options) => {
        reads += 1;
        return store.readStream(name, options);
      },
    };
    const order = orders(counting);

    await order.load(orderId);
    await order.handle(orderId, attach('cv.pdf'));

    expect(reads).toBe(1);
    expect((await order.load(orderId)).version).toBe(1);
  });
});
