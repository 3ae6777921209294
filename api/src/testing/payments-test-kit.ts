import { randomUUID } from 'node:crypto';
import {
  type Currency,
  type OrderCommand,
  orderDecider,
  orderStreamName,
  type PlaceOrder,
} from '@shortlist/domain';
import { placeOrderData } from '@shortlist/domain/testing';
import type { RecordedEvent } from '@shortlist/eventstore';
import type {
  CheckoutSuccess,
  RazorpaySandbox,
  WebhookEnvelope,
} from '@shortlist/razorpay-sandbox';
import { handleCommand } from '../commands/handle-command';
import { webhookSignature } from '../shared/payments/razorpay-signature';
import { freshIp } from './account-test-kit';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

type WithoutMetadata<C> = C extends unknown ? Omit<C, 'metadata'> : never;

interface HttpAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface Customer {
  id: string;
  token: string;
}

/** The real app (createTestApp) paying through its sandbox, and what the payment tests do. */
export interface PaymentsTestApp extends TestApp {
  sandbox: RazorpaySandbox;
  /** Webhook events the sandbox emitted, newest last (delivered or not). */
  emitted: WebhookEnvelope[];
  customer(): Promise<Customer>;
  placeOrder(userId: string, currency?: Currency): Promise<string>;
  /** A new customer's order, its checkout started. */
  checkedOut(): Promise<{ orderId: string; customer: Customer; providerOrderId: string }>;
  /** Runs an order command as the rest of the API would (currency switch, admin status…). */
  onOrder(orderId: string, command: WithoutMetadata<OrderCommand>): Promise<void>;
  /** POST under /api from an address of its own (the payment routes are rate limited per IP). */
  post(path: string, body: unknown, token?: string): Promise<HttpAnswer>;
  /** What the sandbox's Checkout.js does when the customer presses Pay. */
  pay(providerOrderId: string): Promise<CheckoutSuccess>;
  fail(providerOrderId: string): Promise<HttpAnswer>;
  /** Delivers a webhook event signed as the provider signs it; answers the HTTP status. */
  deliver(event: WebhookEnvelope, options?: { eventId?: string; body?: string }): Promise<number>;
  events(streamName: string): Promise<RecordedEvent[]>;
  typesOf(streamName: string): Promise<string[]>;
  countOf(streamName: string, type: string): Promise<number>;
}

function answerOf(response: { statusCode: number; body: string }): HttpAnswer {
  const body: unknown = response.body === '' ? {} : JSON.parse(response.body);
  return {
    status: response.statusCode,
    body: typeof body === 'object' && body !== null ? { ...body } : { value: body },
  };
}

const metadata = (actor: string) => ({
  actor,
  correlationId: randomUUID(),
  causationId: null,
  now: new Date().toISOString(),
});

export async function createPaymentsTestApp(
  options: TestAppOptions = {},
): Promise<PaymentsTestApp> {
  const t = await createTestApp(options);
  const { sandbox } = t.services.payments;
  if (sandbox === null) throw new Error('The payment tests need the sandbox');
  const emitted: WebhookEnvelope[] = [];
  sandbox.watchEvents((event) => emitted.push(event));
  const { store } = t.services;

  const post = async (path: string, body: unknown, token?: string) =>
    answerOf(
      await t.app.inject({
        method: 'POST',
        url: path.startsWith('/sandbox/') ? path : `/api${path}`,
        remoteAddress: freshIp(),
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
        payload: body as Record<string, unknown>,
      }),
    );
  const customer = async () => {
    const id = randomUUID();
    return { id, token: await t.tokenFor({ id, role: 'user' }) };
  };
  const placeOrder = async (userId: string, currency: Currency = 'INR') => {
    const orderId = randomUUID();
    const command: PlaceOrder = {
      type: 'PlaceOrder',
      data: placeOrderData({
        orderId,
        userId,
        userEmail: `${userId}@example.com`,
        service: 'resume_from_scratch',
        currency,
        customerUploads: [],
      }),
      metadata: metadata(`user:${userId}`),
    };
    await handleCommand({
      store,
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command,
    });
    return orderId;
  };
  const events = async (streamName: string) => (await store.readStream(streamName)).events;
  const typesOf = async (streamName: string) => (await events(streamName)).map((e) => e.type);

  return {
    ...t,
    sandbox,
    emitted,
    customer,
    placeOrder,
    post,
    events,
    typesOf,
    countOf: async (streamName, type) =>
      (await typesOf(streamName)).filter((candidate) => candidate === type).length,

    async checkedOut() {
      const buyer = await customer();
      const orderId = await placeOrder(buyer.id);
      const started = await post('/payments/checkout', { orderId }, buyer.token);
      const razorpay = started.body.razorpay;
      if (started.status !== 200 || typeof razorpay !== 'object' || razorpay === null) {
        throw new Error(`Checkout failed: ${JSON.stringify(started)}`);
      }
      const providerOrderId = 'order_id' in razorpay ? String(razorpay.order_id) : '';
      return { orderId, customer: buyer, providerOrderId };
    },

    async onOrder(orderId, command) {
      await handleCommand({
        store,
        streamName: orderStreamName(orderId),
        decider: orderDecider,
        command: { ...command, metadata: metadata('test') },
      });
    },

    async pay(providerOrderId) {
      const paid = await post('/sandbox/razorpay/checkout/pay', {
        key: sandbox.keyId,
        order_id: providerOrderId,
        method: 'upi',
      });
      const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = paid.body;
      if (
        paid.status !== 200 ||
        typeof razorpay_payment_id !== 'string' ||
        typeof razorpay_order_id !== 'string' ||
        typeof razorpay_signature !== 'string'
      ) {
        throw new Error(`Sandbox pay failed: ${JSON.stringify(paid)}`);
      }
      return { razorpay_payment_id, razorpay_order_id, razorpay_signature };
    },

    fail: (providerOrderId) =>
      post('/sandbox/razorpay/checkout/fail', { key: sandbox.keyId, order_id: providerOrderId }),

    async deliver(event, options = {}) {
      const signed = JSON.stringify(event);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(t.services.payments.webhookSecret, signed),
          'x-razorpay-event-id': options.eventId ?? randomUUID(),
        },
        payload: options.body ?? signed,
      });
      return response.statusCode;
    },
  };
}

/** Polls until `check` holds (or throws its last failure after `timeoutMs`). */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > giveUpAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
