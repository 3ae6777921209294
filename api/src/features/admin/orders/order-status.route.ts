import { ADMIN_SETTABLE_STATUSES } from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderSchema } from '../../../shared/orders/order-view';
import { ADMIN_MESSAGES } from '../admin.messages';
import { authErrors, idParamsSchema, messageSchema } from '../admin.schemas';
import { runAdminOrderCommand } from './admin-order';

/**
 * PATCH /admin/orders/{id} {status}: the list's Set Pending / Processing / Complete (SPEC §4:
 * any of the three, in any order; a refunded order keeps its status, 409).
 */
export const orderStatusRoute: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/orders/:id',
    {
      schema: {
        params: idParamsSchema,
        body: z.object({ status: z.enum(ADMIN_SETTABLE_STATUSES) }),
        response: {
          200: z.object({ order: orderSchema, message: z.string() }),
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
          410: messageSchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const order = await runAdminOrderCommand(app, request, request.params.id, {
        type: 'SetOrderStatus',
        data: { status: request.body.status },
      });
      return { order, message: ADMIN_MESSAGES.statusUpdated };
    },
  );
};
