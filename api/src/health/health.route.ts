import { getHealthRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../shared/contract-route';
import { checkHealth } from './health-check';

/**
 * GET /api/health: 200 `{ok: true, status: 'up'}` when the database, the event store and the
 * projections answer, else 503 `{ok: false, status: 'down'}`. The details are for admins, at
 * GET /api/admin/health (features/admin/health).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getHealthRoute),
    handler: async (_request, reply) => {
      const { ok, status } = await checkHealth(app);
      return reply.code(ok ? 200 : 503).send({ ok, status });
    },
  });
};
