import { orderStreamName, paymentStreamName } from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../auth/auth-token';
import { ADMIN_MESSAGES } from '../admin.messages';
import { authErrors, idParamsSchema, messageSchema } from '../admin.schemas';
import { readAuditTrail } from './audit-trail';

const entrySchema = z.object({
  stream: z.string(),
  type: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  version: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});

/**
 * GET /admin/orders/{id}/history: the order's audit trail (ARCHITECTURE.md: who did what and
 * why), i.e. every event of `order-{id}` and of its `payment-{id}` in the order they happened.
 * Read from the event store, not a read model: even a deleted order still has its history.
 */
export const orderHistoryRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/history',
    {
      schema: {
        params: idParamsSchema,
        response: {
          200: z.object({ items: z.array(entrySchema) }),
          404: messageSchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const entries = await readAuditTrail(app.store, [orderStreamName(id), paymentStreamName(id)]);
      if (!entries.some((entry) => entry.stream === orderStreamName(id))) {
        throw new HttpError(404, ADMIN_MESSAGES.orderNotFound);
      }
      return {
        items: entries.map(({ stream, type, at, actor, version, data }) => ({
          stream,
          type,
          at,
          actor,
          version,
          data,
        })),
      };
    },
  );
};
