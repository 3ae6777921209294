import { randomUUID } from 'node:crypto';
import {
  type Currency,
  type OrderCommand,
  orderDecider,
  orderStreamName,
  type PlaceOrder,
} from '@shortlist/domain';
import {
  createPostgresEventStore,
  type EventStore,
  migratePostgresEventStore,
  type Position,
  type RecordedEvent,
} from '@shortlist/eventstore';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../../auth/auth-token';
import { handleCommand } from '../../commands/handle-command';
import { handleError } from '../../plugins/errors.plugin';
import { createInProcessQueue } from '../../queue/in-process.queue';
import type { JobQueue } from '../../queue/job-queue.port';
import type { PaymentDeps } from '../payment.deps';
import { createPaymentService, type PaymentService } from '../payment.service';
import type { PaymentProvider } from '../payment-provider.port';
import { paymentRoutes, paymentWebhookRoutes } from '../payment-routes';
import { registerPaymentJobs } from '../payment-webhook';
import { createRazorpayProvider } from '../razorpay.provider';
import { webhookSignature } from '../razorpay-signature';
import {
  RECONCILE_INTERVAL_MS,
  type ReconcileResult,
  registerReconcileJob,
  scheduleReconcileRun,
} from '../reconcile-payments';
import {
  type CheckoutSuccess,
  createRazorpaySandbox,
  type RazorpaySandbox,
} from '../sandbox/razorpay-sandbox';
import { razorpaySandboxRoutes } from '../sandbox/sandbox-routes.plugin';
import type { WebhookEnvelope } from '../sandbox/webhook-events';

/**
 * One Fastify app on a real port, as the lead will wire it: payment routes under /api behind an
 * auth context, the public webhook, the sandbox at /sandbox/razorpay, the PostgreSQL event store,
 * the in-process queue, and the real razorpay SDK aimed at the sandbox. The auth hook here is a
 * TEST STUB (the user id comes from the `x-test-user` header); production uses the JWT context.
 */
export const KEY_ID = 'rzp_test_Sandbox0routes';
export const KEY_SECRET = 'sandbox_key_secret_for_tests';
export const WEBHOOK_SECRET = 'sandbox_webhook_secret_for_tests';

type WithoutMetadata<C> = C extends unknown ? Omit<C, 'metadata'> : never;

export interface HttpAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface ProviderCalls {
  createOrder: number;
  refund: number;
}

export interface PaymentTestApp {
  app: FastifyInstance;
  baseUrl: string;
  store: EventStore;
  sandbox: RazorpaySandbox;
  service: PaymentService;
  queue: JobQueue;
  calls: ProviderCalls;
  /** Webhook events the sandbox emitted, newest last (delivered or not). */
  emitted: WebhookEnvelope[];
  placeOrder(input: { userId: string; currency?: Currency }): Promise<string>;
  /** Places an order and starts its checkout as its owner. */
  checkedOut(): Promise<{ orderId: string; userId: string; providerOrderId: string }>;
  /** Runs an order command as the rest of the API would (currency switch, admin status…). */
  onOrder(orderId: string, command: WithoutMetadata<OrderCommand>): Promise<void>;
  typesOf(streamName: string): Promise<string[]>;
  countOf(streamName: string, type: string): Promise<number>;
  post(path: string, body: unknown, userId?: string): Promise<HttpAnswer>;
  /** What the sandbox's Checkout.js does when the customer presses Pay. */
  pay(providerOrderId: string): Promise<CheckoutSuccess>;
  fail(providerOrderId: string): Promise<HttpAnswer>;
  deliver(event: WebhookEnvelope, options?: { eventId?: string; body?: string }): Promise<number>;
  events(streamName: string): Promise<RecordedEvent[]>;
  /** Runs the reconciliation job through the queue (scanning after `after`); answers what it did. */
  reconcile(after?: Position | null): Promise<ReconcileResult>;
  close(): Promise<void>;
}

function counting(provider: PaymentProvider, calls: ProviderCalls): PaymentProvider {
  return {
    keyId: provider.keyId,
    checkoutScriptUrl: provider.checkoutScriptUrl,
    createOrder: (input) => {
      calls.createOrder += 1;
      return provider.createOrder(input);
    },
    fetchOrder: (id) => provider.fetchOrder(id),
    refund: (input) => {
      calls.refund += 1;
      return provider.refund(input);
    },
  };
}

async function answer(response: Response): Promise<HttpAnswer> {
  const text = await response.text();
  const body: unknown = text === '' ? {} : JSON.parse(text);
  return {
    status: response.status,
    body: typeof body === 'object' && body !== null ? { ...body } : { value: body },
  };
}

export async function startPaymentTestApp(options: {
  autoWebhooks: boolean;
}): Promise<PaymentTestApp> {
  const database: TestDatabase = await createTestDatabase('api_payments');
  await migratePostgresEventStore(database.url);
  const store = createPostgresEventStore({ connectionString: database.url, poolMax: 20 });
  const emitted: WebhookEnvelope[] = [];
  const sandbox = await createRazorpaySandbox({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    database: { connectionString: database.url },
    webhookUrl: null,
    sender: { firstDelayMs: 50 },
    onEvent: (event) => emitted.push(event),
  });
  const queue = createInProcessQueue();
  const calls: ProviderCalls = { createOrder: 0, refund: 0 };
  // The SDK's base URL needs the port, known only after listen(); the use cases read
  // deps.provider at call time, so it is set then.
  const deps: PaymentDeps = {
    store,
    provider: counting(createRazorpayProvider({ keyId: KEY_ID, keySecret: KEY_SECRET }), calls),
    keySecret: KEY_SECRET,
  };
  const service = createPaymentService(deps);
  registerPaymentJobs(queue, service);
  const reconcileWaiters: ((result: ReconcileResult) => void)[] = [];
  // No minimum age: the tests make captures and reconcile them at once.
  registerReconcileJob(queue, deps, {
    minAgeMs: 0,
    onRun: (result) => reconcileWaiters.shift()?.(result),
  });
  let reconcileRuns = 0;

  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  await app.register(
    async (authenticated) => {
      authenticated.addHook('onRequest', async (request) => {
        const userId = request.headers['x-test-user'];
        if (typeof userId !== 'string') throw new HttpError(401, MESSAGES.unauthenticated);
        Object.assign(request, { user: { sub: userId } });
      });
      await authenticated.register(paymentRoutes({ service }));
    },
    { prefix: '/api' },
  );
  await app.register(
    paymentWebhookRoutes({
      queue,
      webhookSecret: WEBHOOK_SECRET,
      process: (eventId, event) => service.processWebhookEvent(eventId, event),
    }),
    {
      prefix: '/api',
    },
  );
  await app.register(razorpaySandboxRoutes, { prefix: '/sandbox/razorpay', sandbox });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  deps.provider = counting(
    createRazorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      baseURL: `${baseUrl}/sandbox/razorpay`,
      checkoutScriptUrl: `${baseUrl}/sandbox/razorpay/checkout.js`,
    }),
    calls,
  );
  if (options.autoWebhooks) sandbox.setWebhookUrl(`${baseUrl}/api/payments/webhook`);

  const post = async (path: string, body: unknown, userId?: string) =>
    answer(
      await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(userId === undefined ? {} : { 'x-test-user': userId }),
        },
        body: JSON.stringify(body),
      }),
    );

  const placeOrder = async ({
    userId,
    currency = 'INR',
  }: {
    userId: string;
    currency?: Currency;
  }) => {
    const orderId = randomUUID();
    const command: PlaceOrder = {
      type: 'PlaceOrder',
      data: {
        orderId,
        userId,
        userEmail: `${userId}@example.com`,
        service: 'resume_from_scratch',
        description: '',
        currency,
        resume: null,
        customerUploads: [],
      },
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
  const typesOf = async (streamName: string) =>
    (await store.readStream(streamName)).events.map((event) => event.type);

  return {
    app,
    baseUrl,
    store,
    sandbox,
    service,
    queue,
    calls,
    emitted,
    post,

    placeOrder,

    async checkedOut() {
      const userId = `u-${randomUUID()}`;
      const orderId = await placeOrder({ userId });
      const started = await post('/api/payments/checkout', { orderId }, userId);
      const razorpay = started.body.razorpay;
      if (started.status !== 200 || typeof razorpay !== 'object' || razorpay === null) {
        throw new Error(`Checkout failed: ${JSON.stringify(started)}`);
      }
      const providerOrderId = 'order_id' in razorpay ? String(razorpay.order_id) : '';
      return { orderId, userId, providerOrderId };
    },

    async onOrder(orderId, command) {
      await handleCommand({
        store,
        streamName: orderStreamName(orderId),
        decider: orderDecider,
        command: { ...command, metadata: metadata('test') },
      });
    },

    typesOf,
    countOf: async (streamName, type) =>
      (await typesOf(streamName)).filter((candidate) => candidate === type).length,

    async pay(providerOrderId) {
      const paid = await post('/sandbox/razorpay/checkout/pay', {
        key: KEY_ID,
        order_id: providerOrderId,
        method: 'upi',
      });
      if (paid.status !== 200) throw new Error(`Sandbox pay failed: ${JSON.stringify(paid)}`);
      const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = paid.body;
      if (
        typeof razorpay_payment_id !== 'string' ||
        typeof razorpay_order_id !== 'string' ||
        typeof razorpay_signature !== 'string'
      ) {
        throw new Error(`Unexpected pay answer: ${JSON.stringify(paid.body)}`);
      }
      return { razorpay_payment_id, razorpay_order_id, razorpay_signature };
    },

    fail: (providerOrderId) =>
      post('/sandbox/razorpay/checkout/fail', { key: KEY_ID, order_id: providerOrderId }),

    async deliver(event, deliverOptions = {}) {
      const body = deliverOptions.body ?? JSON.stringify(event);
      const signed = JSON.stringify(event);
      const response = await fetch(`${baseUrl}/api/payments/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(WEBHOOK_SECRET, signed),
          'x-razorpay-event-id': deliverOptions.eventId ?? randomUUID(),
        },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    },

    async reconcile(after = null) {
      // A slot of its own far ahead (run now), so two runs are two jobs, not one key twice.
      reconcileRuns += 1;
      const runAt = new Date(Date.now() + (1000 + reconcileRuns) * RECONCILE_INTERVAL_MS);
      const done = new Promise<ReconcileResult>((resolve) => reconcileWaiters.push(resolve));
      await scheduleReconcileRun(queue, runAt, runAt, after);
      return done;
    },

    async events(streamName) {
      return (await store.readStream(streamName)).events;
    },

    async close() {
      await app.close();
      await sandbox.close();
      await queue.close();
      await store.close();
      await database.drop();
    },
  };
}

function metadata(actor: string) {
  return { actor, correlationId: randomUUID(), causationId: null, now: new Date().toISOString() };
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
