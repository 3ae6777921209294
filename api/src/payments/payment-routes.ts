import { singleLineText } from '@shortlist/domain';
import type { JsonObject } from '@shortlist/eventstore';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES } from '../auth/auth-token';
import type { JobQueue } from '../queue/job-queue.port';
import { type AttemptLimit, routeRateLimit } from '../shared/rate-limits';
import type { PaymentService } from './payment.service';
import { enqueueWebhook, webhookEventId } from './payment-webhook';
import { isValidWebhookSignature } from './razorpay-signature';

const messageSchema = z.object({ message: z.string() });
const errorResponses = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  410: messageSchema,
  429: messageSchema,
  502: messageSchema,
  503: messageSchema,
};

const checkoutResponseSchema = z.object({
  razorpay: z.object({
    key: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    description: z.string(),
    order_id: z.string(),
    prefill: z.object({ name: z.string().optional(), email: z.string().optional() }),
  }),
  message: z.string(),
  checkoutScriptUrl: z.string(),
});

// Ids and signatures: one line of the contract's text, so NUL never reaches a query.
const nonEmpty = singleLineText().trim().min(1);

export interface PaymentRoutesOptions {
  service: PaymentService;
  /**
   * The caller's user id. Default: `request.user.sub`, as the authentication context the routes
   * are registered in sets it (these routes never authenticate by themselves).
   */
  callerId?: (request: FastifyRequest) => string;
  /** Per client IP (issue 9, item 8); defaults far above what a paying customer ever does. */
  rateLimits?: Partial<PaymentRateLimits>;
}

export interface PaymentRateLimits {
  checkout: AttemptLimit;
  verify: AttemptLimit;
}

/**
 * A customer opens a checkout and verifies a payment a handful of times per order; 30 a minute
 * from one address leaves a whole office behind one NAT room, and stops a script from creating
 * provider orders or grinding signatures at the provider's and our expense.
 */
export const DEFAULT_PAYMENT_RATE_LIMITS: PaymentRateLimits = {
  checkout: { max: 30, timeWindowMs: 60_000 },
  verify: { max: 30, timeWindowMs: 60_000 },
};

function userFromRequest(request: FastifyRequest): string {
  const user: unknown = 'user' in request ? request.user : undefined;
  if (typeof user === 'object' && user !== null && 'sub' in user && typeof user.sub === 'string') {
    return user.sub;
  }
  throw new HttpError(401, MESSAGES.unauthenticated);
}

/**
 * POST /payments/checkout and POST /payments/verify, for signed-in customers: register inside the
 * authenticated context (e.g. under `/api`). The webhook is a separate, public plugin below.
 */
export function paymentRoutes(options: PaymentRoutesOptions): FastifyPluginAsyncZod {
  const { service } = options;
  const callerId = options.callerId ?? userFromRequest;
  const limits = { ...DEFAULT_PAYMENT_RATE_LIMITS, ...options.rateLimits };
  return async (app) => {
    // Self-contained: harmless where the app already set the zod compilers.
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);

    app.post(
      '/payments/checkout',
      {
        config: { rateLimit: routeRateLimit(limits.checkout, 'ip') },
        schema: {
          body: z.object({ orderId: nonEmpty }),
          response: { 200: checkoutResponseSchema, ...errorResponses },
        },
      },
      async (request) =>
        service.startCheckout({
          orderId: request.body.orderId,
          userId: callerId(request),
          correlationId: request.id,
        }),
    );

    app.post(
      '/payments/verify',
      {
        config: { rateLimit: routeRateLimit(limits.verify, 'ip') },
        schema: {
          body: z.object({
            orderId: nonEmpty,
            razorpay_order_id: nonEmpty,
            razorpay_payment_id: nonEmpty,
            razorpay_signature: nonEmpty,
          }),
          response: {
            200: z.object({ message: z.string(), paymentStatus: z.literal('paid') }),
            ...errorResponses,
          },
        },
      },
      async (request) =>
        service.verifyPayment({
          ...request.body,
          userId: callerId(request),
          correlationId: request.id,
        }),
    );
  };
}

export interface PaymentWebhookRouteOptions {
  queue: JobQueue;
  /** Does a delivery's work now: used where the queue would lose it in a crash. */
  process: (eventId: string, event: JsonObject) => Promise<void>;
  /** The secret set on the Razorpay dashboard's webhook (not the API key secret). */
  webhookSecret: string;
}

export const WEBHOOK_MESSAGES = {
  badSignature: 'Invalid webhook signature.',
  badBody: 'Invalid webhook body.',
} as const;

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * POST /payments/webhook: public (Razorpay has no token), authenticated by `X-Razorpay-Signature`
 * over the RAW body, so this plugin keeps every body as bytes: a re-serialised JSON would not
 * match the signature. A 200 promises the delivery will take effect, since Razorpay does not
 * send it again: with a durable queue (BullMQ) it answers once the job is queued, one job per
 * `x-razorpay-event-id` so redeliveries are absorbed; with the in-process queue, which a crash
 * empties, it does the work first, and a failure answers 500 so Razorpay retries.
 */
export function paymentWebhookRoutes(options: PaymentWebhookRouteOptions): FastifyPluginAsync {
  return async (app) => {
    // Encapsulated: only this plugin's routes see raw bodies.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    const webhookAnswers = {
      200: z.object({ ok: z.literal(true) }),
      400: z.object({ message: z.string() }),
    };
    app.post(
      '/payments/webhook',
      { schema: { response: webhookAnswers } },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-razorpay-signature'];
        if (
          !isValidWebhookSignature({
            webhookSecret: options.webhookSecret,
            rawBody,
            signature: typeof signature === 'string' ? signature : undefined,
          })
        ) {
          request.log.warn('Razorpay webhook with a bad signature refused');
          return reply.code(400).send({ message: WEBHOOK_MESSAGES.badSignature });
        }
        let event: unknown;
        try {
          event = JSON.parse(rawBody.toString('utf8'));
        } catch {
          return reply.code(400).send({ message: WEBHOOK_MESSAGES.badBody });
        }
        if (!isJsonObject(event))
          return reply.code(400).send({ message: WEBHOOK_MESSAGES.badBody });
        const header = request.headers['x-razorpay-event-id'];
        const eventId = webhookEventId(typeof header === 'string' ? header : undefined, rawBody);
        if (options.queue.durable) await enqueueWebhook(options.queue, eventId, event);
        else await options.process(eventId, event);
        return reply.code(200).send({ ok: true });
      },
    );
  };
}
