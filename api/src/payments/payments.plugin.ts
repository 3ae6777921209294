import { singleLineText } from '@shortlist/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminContext, customerContext } from '../auth/auth-context';
import { paymentRoutes, paymentWebhookRoutes } from './payment-routes';

const messageSchema = z.object({ message: z.string() });

/** POST /admin/orders/{id}/refund: the admin's refund of a paid, still pending order (SPEC §1). */
const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/orders/:id/refund',
    {
      schema: {
        params: z.object({ id: singleLineText().min(1).max(100) }),
        response: {
          200: z.object({
            message: z.string(),
            refund: z.object({
              orderId: z.string(),
              refundId: z.string(),
              amountMinor: z.number().int(),
              currency: z.string(),
            }),
          }),
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
          410: messageSchema,
          502: messageSchema,
        },
      },
    },
    async (request) => {
      const refund = await app.payments.service.refundOrder(
        request.params.id,
        `admin:${request.user.id}`,
      );
      await app.waitForProjections(null, ['orders']);
      return { message: 'Refund issued.', refund };
    },
  );
};

/**
 * The payment slice under /api: checkout and verify for signed-in customers, the public webhook
 * (authenticated by Razorpay's signature instead of a token), and the admin refund.
 */
export const paymentsPlugin: FastifyPluginAsync = async (api) => {
  const { service, webhookSecret } = api.payments;
  await api.register(
    customerContext(paymentRoutes({ service, callerId: (request) => request.user.id })),
  );
  await api.register(
    paymentWebhookRoutes({
      queue: api.queue,
      webhookSecret,
      process: (eventId, event) => service.processWebhookEvent(eventId, event),
    }),
  );
  await api.register(adminContext(adminRefundRoutes));
};
