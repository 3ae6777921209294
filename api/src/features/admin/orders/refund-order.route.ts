import { ADMIN_MESSAGES, refundOrderRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { contractRoute } from '../../../shared/contract-route';
import { refundOrder } from '../../../shared/payments/refund-order';
import { findOrderView } from './admin-order';

/**
 * POST /admin/orders/{id}/refund: the admin's full refund of a paid order while it is pending
 * (SPEC §1). Like every command route it waits until the orders read model shows its own write,
 * so the answer's order, and the admin's next read of the list, say refunded.
 */
export const refundOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, refundOrderRoute, [400, 404, 409, 410, 502]),
    handler: async (request) => {
      const { refund, position } = await refundOrder(
        app,
        request.params.id,
        commandMetadataFor(request),
      );
      await app.waitForProjections(position, ['orders']);
      return {
        message: ADMIN_MESSAGES.refundIssued,
        refund,
        order: await findOrderView(app, request.params.id),
      };
    },
  });
};
