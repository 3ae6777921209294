import {
  allProjections,
  listQuarantinedEvents,
  type QuarantinedEvent,
  retryQuarantinedEvent,
} from '@shortlist/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth, healthDetailsSchema } from '../../../health/health-check';
import { authErrors, messageSchema } from '../admin.schemas';

/** Listed in admin health; more than this and the count says how many are left. */
const QUARANTINE_LIST_LIMIT = 100;

const quarantinedEventSchema = z.object({
  id: z.string(),
  projection: z.string(),
  position: z.string(),
  eventId: z.string(),
  streamName: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** POST here to apply it again once its cause is fixed. */
  retryUrl: z.string(),
});

const adminHealthSchema = healthDetailsSchema.extend({
  quarantine: z.object({ count: z.number().int(), events: z.array(quarantinedEventSchema) }),
});

const quarantineIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9]{1,18}$/, 'Not a quarantined event id.'),
});

const retryResultSchema = z.object({
  status: z.enum(['resolved', 'failed']),
  event: quarantinedEventSchema,
  error: z.string().nullable(),
});

const RETRY_MESSAGES = {
  notFound: 'No quarantined event with this id is waiting for a retry.',
} as const;

/**
 * The read side's details, for admins only (the public /api/health says up or down):
 *
 *   GET  /admin/health                                → database, event store, projections
 *        (checkpoints, lag, failing runners) and the quarantined events; 200 up, 503 down
 *   POST /admin/projections/quarantine/{id}/retry    → applies the event again; 200 with
 *        status 'resolved' (applied) or 'failed' (still failing, new error kept); 404 unknown
 */
export const adminHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: adminHealthSchema, 503: adminHealthSchema, ...authErrors } } },
    async (_request, reply) => {
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
  );

  app.post(
    '/projections/quarantine/:id/retry',
    {
      schema: {
        params: quarantineIdParamsSchema,
        response: { 200: retryResultSchema, 400: messageSchema, 404: messageSchema, ...authErrors },
      },
    },
    async (request, reply) => {
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
  );
};

function toItem(row: QuarantinedEvent): z.infer<typeof quarantinedEventSchema> {
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
