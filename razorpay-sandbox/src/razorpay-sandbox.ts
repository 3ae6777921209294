import pg from 'pg';
import { z } from 'zod';
import { migrateSandbox } from './migrations/migrate-sandbox';
import type { SandboxOrder, SandboxPayment, SandboxRefund } from './sandbox.schema';
import {
  type Attempt,
  captureOrder,
  failOrder,
  findOrder,
  findPayment,
  insertOrder,
  ordersWithReceipt,
  type RefundOutcome,
  refundPayment,
  refundsOf,
  SandboxError,
} from './sandbox.store';
import { razorpayIdSuffix } from './sandbox-ids';
import { paymentInstrument } from './sandbox-instruments';
import { checkoutSignature, secretsEqual, webhookSignature } from './signatures';
import { createWebhookSender, type WebhookSenderOptions } from './webhook.sender';
import { captureEvents, failureEvent, refundEvent, type WebhookEnvelope } from './webhook-events';

/**
 * A local stand-in for one Razorpay test-mode account: orders, payments, refunds, the checkout
 * signature and signed webhooks, all as Razorpay does them, so the code under test runs its real
 * verification path. The HTTP face is `sandbox-routes.plugin.ts`; the API's sandbox provider
 * calls it in process.
 */

export interface RazorpaySandboxOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  database: { connectionString: string } | { pool: pg.Pool };
  /** Where webhooks go (our `/api/payments/webhook`); null sends none. */
  webhookUrl: string | null;
  sender?: WebhookSenderOptions;
}

/**
 * What the payer chose in the checkout. `card` (a card number, as typed) and `vpa` (a UPI id)
 * name the instrument; left out, each payment gets one of its own (sandbox-instruments.ts).
 */
export interface PayerChoice {
  method: string;
  email: string | null;
  contact: string | null;
  card: string | null;
  vpa: string | null;
}

/** What Checkout.js hands to `options.handler` after a successful payment. */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** What Checkout.js hands to `rzp.on('payment.failed', …)` listeners. */
export interface CheckoutFailure {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
}

export interface RazorpaySandbox {
  readonly keyId: string;
  authenticate(keyId: string, keySecret: string): boolean;
  createOrder(body: unknown): Promise<SandboxOrder>;
  fetchOrder(orderId: string): Promise<SandboxOrder>;
  /** A payment with the order it paid (whose notes Razorpay repeats on the payment entity). */
  fetchPayment(paymentId: string): Promise<{ payment: SandboxPayment; order: SandboxOrder }>;
  /** The customer pays in the checkout: order paid, handler response signed, webhooks sent. */
  pay(orderId: string, attempt?: Partial<PayerChoice>): Promise<CheckoutSuccess>;
  fail(orderId: string, attempt?: Partial<PayerChoice>): Promise<CheckoutFailure>;
  refund(paymentId: string, body: unknown, idempotencyKey: string | null): Promise<RefundOutcome>;
  ordersWithReceipt(receipt: string): Promise<SandboxOrder[]>;
  refundsOf(paymentId: string): Promise<SandboxRefund[]>;
  setWebhookUrl(url: string | null): void;
  /**
   * Calls `listener` with every webhook event as it is emitted (delivered or not), until the
   * returned function is called: for tests that deliver the provider's own events by hand.
   */
  watchEvents(listener: (event: WebhookEnvelope) => void): () => void;
  /** Resolves once every webhook sent so far was delivered or given up. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
}

const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'SGD', 'AED', 'AUD', 'CAD'];

// Razorpay's own validation messages (including its "atleast").
const orderBodySchema = z.object({
  amount: z
    .union([z.number(), z.string()], { message: 'The amount field is required.' })
    .transform((value) => Number(value))
    .pipe(
      z
        .number({ message: 'The amount must be an integer.' })
        .int({ message: 'The amount must be an integer.' })
        .min(100, { message: 'The amount must be atleast INR 1.00' }),
    ),
  currency: z
    .string()
    .default('INR')
    .refine((value) => CURRENCIES.includes(value), { message: 'Currency is not supported' }),
  receipt: z
    .string()
    .max(40, { message: 'The receipt may not be greater than 40 characters.' })
    .nullish(),
  notes: notesSchema(),
});

const refundBodySchema = z.object({
  amount: z.coerce
    .number({ message: 'The amount must be an integer.' })
    .int({ message: 'The amount must be an integer.' })
    .positive({ message: 'The amount must be atleast INR 1.00' })
    .nullish(),
  speed: z
    .enum(['normal', 'optimum'], { message: 'The selected speed is invalid.' })
    .default('normal'),
  notes: notesSchema(),
  receipt: z.string().max(40).nullish(),
});

function notesSchema() {
  return z
    .union([z.record(z.string(), z.union([z.string(), z.number()])), z.array(z.never())])
    .nullish()
    .refine((notes) => !notes || Object.keys(notes).length <= 15, {
      message: 'Number of notes fields cannot exceed 15',
    })
    .transform(
      (notes): Record<string, string> =>
        Object.fromEntries(Object.entries(notes ?? {}).map(([key, value]) => [key, String(value)])),
    );
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new SandboxError(
    400,
    issue?.message ?? 'Invalid request',
    issue === undefined ? null : String(issue.path[0] ?? ''),
  );
}

export async function createRazorpaySandbox(
  options: RazorpaySandboxOptions,
): Promise<RazorpaySandbox> {
  const ownPool = 'connectionString' in options.database;
  const pool =
    'pool' in options.database
      ? options.database.pool
      : new pg.Pool({ connectionString: options.database.connectionString, max: 5 });
  // An idle client whose server connection drops emits 'error' on the pool; unhandled, that
  // would crash the process. The next query reports the real problem.
  if (ownPool) pool.on('error', () => undefined);
  await migrateSandbox(pool);
  const sender = createWebhookSender(options.sender);
  let webhookUrl = options.webhookUrl;
  const { keyId, keySecret, webhookSecret } = options;
  const watchers = new Set<(event: WebhookEnvelope) => void>();

  function emit(events: WebhookEnvelope[]): void {
    for (const event of events) for (const watcher of watchers) watcher(event);
    const url = webhookUrl;
    if (url === null) return;
    for (const event of events) {
      const body = JSON.stringify(event);
      sender.send({
        url,
        body,
        headers: {
          'x-razorpay-signature': webhookSignature(webhookSecret, body),
          'x-razorpay-event-id': razorpayIdSuffix(),
        },
      });
    }
  }

  const attemptOf = (choice: Partial<PayerChoice> = {}): Attempt => {
    const method = choice.method ?? 'card';
    return {
      method,
      email: choice.email ?? null,
      contact: choice.contact ?? null,
      instrument: paymentInstrument(keyId, {
        method,
        card: choice.card ?? null,
        vpa: choice.vpa ?? null,
      }),
    };
  };

  return {
    keyId,

    authenticate(givenKeyId, givenSecret) {
      // Both compared, always: which half was wrong must not show in the timing.
      const idOk = secretsEqual(keyId, givenKeyId);
      const secretOk = secretsEqual(keySecret, givenSecret);
      return idOk && secretOk;
    },

    async createOrder(body) {
      const input = parse(orderBodySchema, body);
      return insertOrder(pool, keyId, {
        amount: input.amount,
        currency: input.currency,
        receipt: input.receipt ?? null,
        notes: input.notes,
      });
    },

    fetchOrder: (orderId) => findOrder(pool, keyId, orderId),
    fetchPayment: (paymentId) => findPayment(pool, keyId, paymentId),

    async pay(orderId, attempt) {
      const { order, payment } = await captureOrder(pool, keyId, orderId, attemptOf(attempt));
      emit(captureEvents(order, payment));
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: checkoutSignature(keySecret, order.id, payment.id),
      };
    },

    async fail(orderId, attempt) {
      const description = 'Payment failed because the sandbox was asked to fail it.';
      const { order, payment } = await failOrder(pool, keyId, orderId, {
        ...attemptOf(attempt),
        reason: 'payment_failed',
        description,
      });
      emit([failureEvent(order, payment)]);
      return {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description,
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: order.id, payment_id: payment.id },
        },
      };
    },

    async refund(paymentId, body, idempotencyKey) {
      const request = parse(refundBodySchema, body);
      const outcome = await refundPayment(
        pool,
        keyId,
        paymentId,
        {
          amount: request.amount ?? null,
          speed: request.speed,
          notes: request.notes,
          receipt: request.receipt ?? null,
        },
        idempotencyKey,
      );
      if (outcome.created) emit([refundEvent(outcome.refund, outcome.payment, outcome.order)]);
      return outcome;
    },

    ordersWithReceipt: (receipt) => ordersWithReceipt(pool, keyId, receipt),
    refundsOf: (paymentId) => refundsOf(pool, paymentId),

    setWebhookUrl(url) {
      webhookUrl = url;
    },

    watchEvents(listener) {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },

    webhooksIdle: () => sender.idle(),

    async close() {
      await sender.close();
      if (ownPool) await pool.end();
    },
  };
}
