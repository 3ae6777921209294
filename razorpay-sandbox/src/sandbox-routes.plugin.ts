import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkoutScript } from './checkout-script';
import type { RazorpaySandbox } from './razorpay-sandbox';
import { SandboxError } from './sandbox.store';
import { orderEntity, paymentEntity, refundEntity } from './webhook-events';

/**
 * The sandbox over HTTP, registered with a prefix such as `/sandbox/razorpay`:
 * - Razorpay's REST API as the razorpay SDK calls it (`/v1/orders`, `/v1/orders/:id`,
 *   `/v1/payments/:id`, `/v1/payments/:id/refund`), Basic auth with the key id and secret, Razorpay's error JSON;
 * - `checkout.js`, a stand-in for https://checkout.razorpay.com/v1/checkout.js;
 * - `/checkout/pay` and `/checkout/fail`, what that script's buttons call (in real Razorpay
 *   these steps happen on Razorpay's own pages).
 * Deliberately not wrapped in fastify-plugin: its error handler answers in Razorpay's shape and
 * must not leak into our API.
 */
export interface SandboxRoutesOptions {
  sandbox: RazorpaySandbox;
}

interface RazorpayErrorBody {
  error: {
    code: string;
    description: string;
    field?: string | null;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
  };
}

function errorBody(
  code: string,
  description: string,
  field: string | null = null,
): RazorpayErrorBody {
  return {
    error: {
      code,
      description,
      field,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
    },
  };
}

const AUTH_FAILED: RazorpayErrorBody = {
  error: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Authentication failed',
    source: 'NA',
    step: 'NA',
    reason: 'NA',
    metadata: {},
  },
};

function credentials(request: FastifyRequest): { keyId: string; secret: string } | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { keyId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

const checkoutBodySchema = z.object({
  key: z.string(),
  order_id: z.string().min(1),
  method: z.enum(['upi', 'card', 'netbanking', 'wallet']).default('card'),
  email: z.string().nullish(),
  contact: z.string().nullish(),
  // What the payer typed in the checkout: a card number, or a UPI id.
  card: z.string().max(64).nullish(),
  vpa: z.string().max(300).nullish(),
});

const idParams = z.object({ id: z.string().min(1) });

export const razorpaySandboxRoutes: FastifyPluginAsync<SandboxRoutesOptions> = async (
  app,
  { sandbox },
) => {
  app.setErrorHandler((error: FastifyError | SandboxError, _request, reply) => {
    if (error instanceof SandboxError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.field));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      app.log.error({ err: error }, 'Razorpay sandbox failed');
      return reply.code(500).send(errorBody('SERVER_ERROR', 'The server encountered an error.'));
    }
    return reply.code(status).send(errorBody('BAD_REQUEST_ERROR', error.message));
  });

  /** The REST API: every call authenticates with the key id and secret. */
  const requireKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = credentials(request);
    if (given === null || !sandbox.authenticate(given.keyId, given.secret)) {
      return reply.code(401).send(AUTH_FAILED);
    }
  };

  /** The browser side: Checkout.js authenticates with the public key id only, as Razorpay's does. */
  const checkoutBody = (body: unknown) => {
    const parsed = checkoutBodySchema.safeParse(body);
    if (!parsed.success) throw new SandboxError(400, 'The order id is required.', 'order_id');
    if (parsed.data.key !== sandbox.keyId) throw new SandboxError(401, 'Authentication failed');
    return parsed.data;
  };

  const idOf = (params: unknown) => {
    const parsed = idParams.safeParse(params);
    if (!parsed.success) throw new SandboxError(400, 'The id provided does not exist', 'id');
    return parsed.data.id;
  };

  app.post('/v1/orders', { preHandler: requireKey }, async (request) =>
    orderEntity(await sandbox.createOrder(request.body)),
  );

  app.get('/v1/orders/:id', { preHandler: requireKey }, async (request) =>
    orderEntity(await sandbox.fetchOrder(idOf(request.params))),
  );

  app.get('/v1/payments/:id', { preHandler: requireKey }, async (request) => {
    const { payment, order } = await sandbox.fetchPayment(idOf(request.params));
    return paymentEntity(payment, order);
  });

  app.post('/v1/payments/:id/refund', { preHandler: requireKey }, async (request) => {
    const header = request.headers['x-refund-idempotency'];
    const key = typeof header === 'string' ? header : null;
    if (key !== null && !/^[A-Za-z0-9_-]{10,}$/.test(key)) {
      throw new SandboxError(400, 'The idempotency key is invalid.', 'X-Refund-Idempotency');
    }
    const outcome = await sandbox.refund(idOf(request.params), request.body, key);
    return refundEntity(outcome.refund);
  });

  app.get('/checkout.js', async (_request, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(checkoutScript(`${app.prefix}/`)),
  );

  app.post('/checkout/pay', async (request) => {
    const body = checkoutBody(request.body);
    return sandbox.pay(body.order_id, {
      method: body.method,
      email: body.email ?? null,
      contact: body.contact ?? null,
      card: body.card ?? null,
      vpa: body.vpa ?? null,
    });
  });

  app.post('/checkout/fail', async (request) => {
    const body = checkoutBody(request.body);
    return sandbox.fail(body.order_id, {
      method: body.method,
      email: body.email ?? null,
      card: body.card ?? null,
      vpa: body.vpa ?? null,
    });
  });
};
