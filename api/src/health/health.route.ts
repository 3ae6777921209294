import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth } from './health-check';

/** All anyone may learn: no error text, no positions, no projection names (issue 9, rule 9). */
const publicHealthSchema = z.object({ ok: z.boolean(), status: z.enum(['up', 'down']) });

/**
 * GET /api/health: 200 `{ok: true, status: 'up'}` when the database, the event store and the
 * projections answer, else 503 `{ok: false, status: 'down'}`. The details are for admins, at
 * GET /api/admin/health (features/admin/health).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: publicHealthSchema, 503: publicHealthSchema } } },
    async (_request, reply) => {
      const { ok, status } = await checkHealth(app);
      return reply.code(ok ? 200 : 503).send({ ok, status });
    },
  );
};
