import { orderStreamName, paymentStreamName } from '@shortlist/domain';
import { ADMIN_MESSAGES, getAuditTrailRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { accountNames } from './account-names';
import { readAuditTrailFromStreams } from './audit-trail';

/**
 * GET /admin/orders/{id}/history (the drawer's History tab; the path is older than the name):
 * the order's audit trail (ARCHITECTURE.md: who did what and why), i.e. every event of
 * `order-{id}` and of its `payment-{id}` in the order they happened. Read from the event store,
 * not a read model: even a deleted order still has its audit trail.
 */
export const auditTrailRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getAuditTrailRoute, [400, 404]),
    handler: async (request) => {
      const { id } = request.params;
      const entries = await readAuditTrailFromStreams(app.store, [
        orderStreamName(id),
        paymentStreamName(id),
      ]);
      if (!entries.some((entry) => entry.stream === orderStreamName(id))) {
        throw new HttpError(404, ADMIN_MESSAGES.orderNotFound);
      }
      const names = await accountNames(
        app.db,
        entries.map((entry) => entry.actor),
      );
      return {
        items: entries.map(({ stream, type, at, actor, version, data }) => ({
          stream,
          type,
          at,
          actor,
          actorName: (actor && names.get(actor)) ?? null,
          version,
          data,
        })),
      };
    },
  });
};
