import {
  getAdminHealthRoute,
  type QuarantinedEventView,
  retryQuarantinedEventRoute,
} from '@shortlist/domain/contract';
import {
  allProjections,
  listQuarantinedEvents,
  type QuarantinedEvent,
  retryQuarantinedEvent,
} from '@shortlist/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth } from '../../../health/health-check';
import { contractRoute } from '../../../shared/contract-route';

/** Listed in admin health; more than this and the count says how many are left. */
const QUARANTINE_LIST_LIMIT = 100;

const RETRY_MESSAGES = {
  notFound: 'No quarantined event with this id is waiting for a retry.',
} as const;

/**
 * The read side's details, for admins only (the public /api/health says up or down):
 *
 *   GET  /admin/health                                → database, event store, projections
 *        (checkpoints, lag, failing projectors) and the quarantined events; 200 up, 503 down
 *   POST /admin/projections/quarantine/{id}/retry    → applies the event again; 200 with
 *        status 'resolved' (applied) or 'failed' (still failing, new error kept); 404 unknown
 */
export const adminHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getAdminHealthRoute),
    handler: async (_request, reply) => {
      const health = await checkHealth(app);
      const events = await listQuarantinedEvents(app.db, { limit: QUARANTINE_LIST_LIMIT }).catch(
        (): QuarantinedEvent[] => [],
      );
      const count = Object.values(health.projections.checkpoints).reduce(
        (sum, checkpoint) => sum + checkpoint.quarantined,
        0,
      );
      return reply
        .code(health.ok ? 200 : 503)
        .send({ ...health, quarantine: { count, events: events.map(toItem) } });
    },
  });

  app.route({
    ...contractRoute(app, retryQuarantinedEventRoute, [400, 404]),
    handler: async (request, reply) => {
      const result = await retryQuarantinedEvent({
        db: app.db,
        store: app.store,
        projections: allProjections(),
        id: request.params.id,
      });
      if (result.status === 'not_found') {
        return reply.code(404).send({ message: RETRY_MESSAGES.notFound });
      }
      request.log.info(
        { quarantineId: request.params.id, status: result.status },
        'quarantined event retried',
      );
      return {
        status: result.status,
        event: toItem(result.event),
        error: result.status === 'failed' ? result.error : null,
      };
    },
  });
};

function toItem(row: QuarantinedEvent): QuarantinedEventView {
  return {
    id: String(row.id),
    projection: row.projection,
    position: row.position,
    eventId: row.event_id,
    streamName: row.stream_name,
    streamVersion: row.stream_version,
    type: row.type,
    error: row.error,
    attempts: row.attempts,
    firstFailedAt: row.first_failed_at.toISOString(),
    lastFailedAt: row.last_failed_at.toISOString(),
    resolvedAt: row.resolved_at === null ? null : row.resolved_at.toISOString(),
    retryUrl: `/api/admin/projections/quarantine/${String(row.id)}/retry`,
  };
}
