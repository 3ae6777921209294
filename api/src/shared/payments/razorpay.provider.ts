import Razorpay from 'razorpay';
import { z } from 'zod';
import {
  type CreateOrderInput,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  RAZORPAY_CHECKOUT_SCRIPT_URL,
  type RefundInput,
} from './payment-provider.port';

export interface RazorpayProviderOptions {
  keyId: string;
  keySecret: string;
  /**
   * Aims the SDK somewhere other than https://api.razorpay.com, e.g. the local sandbox
   * (`http://127.0.0.1:3000/sandbox/razorpay`). The SDK has no option for it (STACK.md).
   */
  baseURL?: string;
  checkoutScriptUrl?: string;
  /** Per request. Shorter than CHECKOUT_REQUEST_TTL_MS so a checkout claim never outlives it. */
  timeoutMs?: number;
}

/** The slice of the SDK's axios instance (`instance.api.rq`) used here. */
interface SdkHttpClient {
  defaults: { baseURL?: string; timeout?: number };
  post(
    url: string,
    data: unknown,
    config: { headers: Record<string, string> },
  ): Promise<{ data: unknown }>;
}

function sdkHttpClient(instance: Razorpay): SdkHttpClient {
  const api: unknown = instance.api;
  if (typeof api === 'object' && api !== null && 'rq' in api) {
    const rq: unknown = api.rq;
    // An axios instance is a function with properties.
    if (typeof rq === 'function' && 'defaults' in rq && 'post' in rq) {
      return rq as SdkHttpClient;
    }
  }
  throw new Error('razorpay SDK internals changed: instance.api.rq is gone (STACK.md pins 2.9.8)');
}

// Razorpay writes empty notes as [] (a PHP habit) and non-empty ones as an object.
const notesSchema = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullish()
  .transform((notes): Record<string, string> => {
    if (!notes || Array.isArray(notes)) return {};
    return Object.fromEntries(Object.entries(notes).map(([key, value]) => [key, String(value)]));
  });

const orderSchema = z.object({
  id: z.string(),
  amount: z.coerce.number().int(),
  amount_paid: z.coerce.number().int(),
  amount_due: z.coerce.number().int(),
  currency: z.string(),
  receipt: z.string().nullish(),
  status: z.enum(['created', 'attempted', 'paid']),
  attempts: z.number().int(),
  notes: notesSchema,
  created_at: z.number(),
});

const paymentSchema = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.coerce.number().int(),
  currency: z.string(),
  status: z.string(),
  method: z.string(),
  card_id: z.string().nullish(),
  vpa: z.string().nullish(),
  created_at: z.number(),
});

const refundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.coerce.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'processed', 'failed']),
});

export function toProviderOrder(raw: unknown): ProviderOrder {
  const order = orderSchema.parse(raw);
  return {
    id: order.id,
    amountMinor: order.amount,
    amountPaidMinor: order.amount_paid,
    amountDueMinor: order.amount_due,
    currency: order.currency,
    receipt: order.receipt ?? null,
    status: order.status,
    attempts: order.attempts,
    notes: order.notes,
    createdAt: order.created_at,
  };
}

export function toProviderPayment(raw: unknown): ProviderPayment {
  const payment = paymentSchema.parse(raw);
  return {
    id: payment.id,
    providerOrderId: payment.order_id ?? null,
    amountMinor: payment.amount,
    currency: payment.currency,
    status: payment.status,
    method: payment.method,
    cardId: payment.card_id ?? null,
    vpa: payment.vpa ?? null,
    createdAt: payment.created_at,
  };
}

function toProviderRefund(raw: unknown): ProviderRefund {
  const refund = refundSchema.parse(raw);
  return {
    id: refund.id,
    paymentId: refund.payment_id,
    amountMinor: refund.amount,
    currency: refund.currency,
    status: refund.status,
  };
}

const errorBodySchema = z.object({
  error: z.object({ code: z.string().optional(), description: z.string().optional() }).nullish(),
});

/**
 * The SDK rejects with `{ statusCode, error: { code, description } }` (not an Error), the raw
 * axios client with an AxiosError carrying `response`; with no answer at all the SDK's own
 * error mapper crashes on the missing response and a TypeError arrives. All become one type.
 */
function toProviderError(thrown: unknown): PaymentProviderError {
  if (thrown instanceof PaymentProviderError) return thrown;
  if (typeof thrown === 'object' && thrown !== null) {
    const response: unknown = 'response' in thrown ? thrown.response : thrown;
    if (typeof response === 'object' && response !== null) {
      const status =
        'statusCode' in response
          ? response.statusCode
          : 'status' in response
            ? response.status
            : null;
      const body = 'data' in response ? response.data : response;
      const parsed = errorBodySchema.safeParse(body);
      if (typeof status === 'number' || typeof status === 'string') {
        const error = parsed.success ? parsed.data.error : null;
        return new PaymentProviderError(
          Number(status),
          error?.code ?? 'SERVER_ERROR',
          error?.description ?? `Razorpay answered ${String(status)}`,
        );
      }
    }
  }
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new PaymentProviderError(null, 'NETWORK_ERROR', `Razorpay unreachable: ${message}`);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (thrown) {
    throw toProviderError(thrown);
  }
}

export function createRazorpayProvider(options: RazorpayProviderOptions): PaymentProvider {
  const instance = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  const http = sdkHttpClient(instance);
  if (options.baseURL !== undefined) http.defaults.baseURL = options.baseURL.replace(/\/+$/, '');
  // axios waits forever by default; a hung provider must not hold a checkout claim.
  http.defaults.timeout = options.timeoutMs ?? 15_000;

  return {
    keyId: options.keyId,
    checkoutScriptUrl: options.checkoutScriptUrl ?? RAZORPAY_CHECKOUT_SCRIPT_URL,

    async createOrder(input: CreateOrderInput) {
      const raw = await call(() =>
        instance.orders.create({
          amount: input.amountMinor,
          currency: input.currency,
          receipt: input.receipt,
          notes: input.notes ?? {},
        }),
      );
      return toProviderOrder(raw);
    },

    async fetchOrder(providerOrderId: string) {
      return toProviderOrder(await call(() => instance.orders.fetch(providerOrderId)));
    },

    async fetchPayment(paymentId: string) {
      return toProviderPayment(await call(() => instance.payments.fetch(paymentId)));
    },

    async refund(input: RefundInput) {
      // payments.refund() cannot send X-Refund-Idempotency: the SDK drops every header but two
      // (https://github.com/razorpay/razorpay-node/pull/316 proposes the same for payouts). The
      // SDK's own authenticated client sends it instead, to the documented endpoint
      // (https://razorpay.com/docs/api/refunds/normal-refunds-idempotent).
      const response = await call(() =>
        http.post(
          `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
          { amount: input.amountMinor, speed: 'normal', notes: input.notes ?? {} },
          { headers: { 'X-Refund-Idempotency': input.idempotencyKey } },
        ),
      );
      return toProviderRefund(response.data);
    },
  };
}
