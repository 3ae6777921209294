import { startCheckoutRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../shared/contract-route';
import { routeRateLimit } from '../../shared/rate-limits';
import { PAYMENT_RATE_LIMITS } from './payment-rate-limits';
import { startCheckout } from './start-checkout';

/** POST /payments/checkout {orderId}: the Checkout.js options for one of the caller's orders. */
export const checkoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, startCheckoutRoute, [400, 403, 404, 409, 410, 429, 502, 503]),
    config: { rateLimit: routeRateLimit(PAYMENT_RATE_LIMITS.checkout, 'ip') },
    handler: async (request) =>
      startCheckout(app, {
        orderId: request.body.orderId,
        userId: request.user.id,
        correlationId: request.id,
      }),
  });
};
