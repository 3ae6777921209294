import { ADMIN_MESSAGES, setOrderStatusRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';
import { runAdminOrderCommand } from './admin-order';

/**
 * PATCH /admin/orders/{id} {status}: the list's Set Pending / Processing / Complete (SPEC §4:
 * any of the three, in any order, once the order is paid; the decider answers 409 for a
 * refunded order, and for processing or completed while the order is unpaid).
 */
export const orderStatusRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, setOrderStatusRoute, [400, 404, 409, 410]),
    handler: async (request) => {
      const order = await runAdminOrderCommand(app, request, request.params.id, {
        type: 'SetOrderStatus',
        data: { status: request.body.status },
      });
      return { order, message: ADMIN_MESSAGES.statusUpdated };
    },
  });
};
