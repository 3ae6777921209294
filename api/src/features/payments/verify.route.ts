import { verifyPaymentRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../shared/contract-route';
import { routeRateLimit } from '../../shared/rate-limits';
import { PAYMENT_RATE_LIMITS } from './payment-rate-limits';
import { verifyPayment } from './verify-payment';

/**
 * POST /payments/verify: Checkout.js's handler response for one of the caller's orders. A 200
 * means the order is paid now, in the store: the answer waits for no policy or job.
 */
export const verifyRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, verifyPaymentRoute, [400, 403, 404, 409, 410, 429, 502]),
    config: { rateLimit: routeRateLimit(PAYMENT_RATE_LIMITS.verify, 'ip') },
    handler: async (request) =>
      verifyPayment(app, { ...request.body, userId: request.user.id, correlationId: request.id }),
  });
};
