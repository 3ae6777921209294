import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CommandMetadata,
  type OrderCommand,
  type OrderStatus,
  orderDecider,
  orderStreamName,
  priceOf,
} from '@shortlist/domain';
import { placeOrderData } from '@shortlist/domain/testing';
import { type EventStore, WrongExpectedVersionError } from '@shortlist/eventstore';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { createLogger } from '../plugins/logging';
import { createServices, type RunningServices } from '../services/create-services';
import { handleCommand } from './handle-command';

/*
 * Two API instances (each with its own services, hence its own store and its own memory of
 * stream states) issuing commands on the same orders at once, as two servers behind one load
 * balancer would. Each instance remembers the streams it wrote, and the other keeps moving them
 * on, so this is where a remembered state goes stale.
 */

const ORDERS = 4;
const WORKERS_PER_INSTANCE = 4;
const COMMANDS_PER_WORKER = 20;
const STATUSES = ['pending', 'processing', 'completed'] as const;

let database: TestDatabase;
const instances: { running: RunningServices; reads: { count: number }; store: EventStore }[] = [];

beforeAll(async () => {
  database = await createTestDatabase('api_two');
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    RAZORPAY_SANDBOX: 'true',
  });
  for (let index = 0; index < 2; index++) {
    const running = await createServices({
      config,
      databaseUrl: database.url,
      logger: createLogger('silent'),
      runProjections: false,
    });
    const reads = { count: 0 };
    instances.push({ running, reads, store: countingReads(running.services.store, reads) });
  }
});

afterAll(async () => {
  for (const instance of instances) await instance.running.close();
  await database?.drop();
});

/** The store as given, counting the stream reads made through it. */
function countingReads(store: EventStore, reads: { count: number }): EventStore {
  return {
    ...store,
    append: (...args) => store.append(...args),
    readStream: (...args) => {
      reads.count += 1;
      return store.readStream(...args);
    },
  };
}

const metadata = (actor: string): CommandMetadata => ({
  actor,
  correlationId: randomUUID(),
  causationId: null,
  now: new Date().toISOString(),
});

describe('commands from two API instances on the same streams', () => {
  it('stores every acknowledged command exactly once, each decided on the state it follows', async () => {
    const [first, second] = instances;
    if (first === undefined || second === undefined) throw new Error('two instances expected');
    const userId = randomUUID();
    const orderIds = Array.from({ length: ORDERS }, () => randomUUID());
    for (const orderId of orderIds) {
      await handleCommand({
        store: first.store,
        streamName: orderStreamName(orderId),
        decider: orderDecider,
        command: {
          type: 'PlaceOrder',
          data: placeOrderData({
            orderId,
            userId,
            userEmail: 'two@example.com',
            service: 'resume_rewrite',
            customerUploads: [{ fileId: randomUUID(), name: 'cv.pdf' }],
          }),
          metadata: metadata(`user:${userId}`),
        },
      });
      // Paid, so that an admin may move its status (an unpaid order stays pending).
      await handleCommand({
        store: first.store,
        streamName: orderStreamName(orderId),
        decider: orderDecider,
        command: {
          type: 'MarkOrderPaid',
          data: {
            paymentId: `pay_${orderId}`,
            providerOrderId: `order_${orderId}`,
            amount: priceOf('resume_rewrite', 'INR'),
            currency: 'INR',
          },
          metadata: metadata('provider:razorpay'),
        },
      });
    }

    const acknowledged = new Map<string, string>();
    const worker = async (instance: (typeof instances)[number], name: string) => {
      for (let i = 0; i < COMMANDS_PER_WORKER; i++) {
        const orderId = orderIds[Math.floor(Math.random() * ORDERS)] ?? '';
        const filename = `${name}-${i}.pdf`;
        const command: OrderCommand =
          i % 2 === 0
            ? {
                type: 'AttachDelivery',
                data: { file: { fileId: randomUUID(), name: filename }, filename },
                metadata: metadata('admin:two'),
              }
            : {
                type: 'SetOrderStatus',
                data: {
                  status: STATUSES[Math.floor(Math.random() * STATUSES.length)] ?? 'pending',
                },
                metadata: metadata('admin:two'),
              };
        try {
          const result = await handleCommand({
            store: instance.store,
            streamName: orderStreamName(orderId),
            decider: orderDecider,
            command,
          });
          for (const event of result.events) acknowledged.set(event.id, event.streamName);
        } catch (error) {
          // Lost the race every time: the caller is told, nothing is acknowledged.
          if (!(error instanceof WrongExpectedVersionError)) throw error;
        }
      }
    };
    await Promise.all(
      [first, second].flatMap((instance, index) =>
        Array.from({ length: WORKERS_PER_INSTANCE }, (_, w) => worker(instance, `i${index}w${w}`)),
      ),
    );

    const stored = new Map<string, number>();
    for (const orderId of orderIds) {
      const { events } = await first.running.services.store.readStream(orderStreamName(orderId));
      let status: OrderStatus = 'pending';
      const attachments: string[] = [];
      for (const event of events) {
        stored.set(event.id, (stored.get(event.id) ?? 0) + 1);
        if (event.type === 'OrderStatusChanged') {
          // A status change decided on a stale state would name a `from` the stream had left.
          expect(event.data.from).toBe(status);
          status = event.data.to as OrderStatus;
        }
        if (event.type === 'DeliveryAttached') attachments.push(String(event.data.filename));
      }
      expect(new Set(attachments).size).toBe(attachments.length);
    }
    // How many lose every retry depends on the machine's load; that some win does not.
    expect(acknowledged.size).toBeGreaterThan(0);
    for (const id of acknowledged.keys()) expect(stored.get(id)).toBe(1);
    // Nothing stored that no caller was answered for, beyond the placed and paid orders.
    expect(stored.size).toBe(acknowledged.size + 2 * ORDERS);

    // The remembered states are used: once the race is over, one instance's commands on one
    // stream read it at most once (the other instance may have moved it meanwhile), not once
    // per command. Under the race itself conflicts reload, so its read count proves nothing.
    const [orderId] = orderIds;
    const readsBefore = first.reads.count;
    const statuses = ['processing', 'completed', 'pending', 'processing'] as const;
    for (const status of statuses) {
      await handleCommand({
        store: first.store,
        streamName: orderStreamName(orderId ?? ''),
        decider: orderDecider,
        command: { type: 'SetOrderStatus', data: { status }, metadata: metadata('admin:two') },
      });
    }
    expect(first.reads.count - readsBefore).toBeLessThanOrEqual(1);
  });
});
