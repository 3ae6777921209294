import { randomUUID } from 'node:crypto';
import { influencerQueryDecider, influencerQueryStreamName } from '@shortlist/domain';
import {
  listInfluencerQueriesRoute,
  INFLUENCER_ROUTE_MESSAGES as M,
  openInfluencerQueryRoute,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../auth/auth-token';
import { commandMetadataFor } from '../../commands/command-metadata';
import { handleCommand } from '../../commands/handle-command';
import { LIMIT_MESSAGES } from '../../shared/abuse-limits';
import { contractRoute } from '../../shared/contract-route';
import { HttpError } from '../../shared/http-error';
import { listQueries } from '../../shared/influencers/influencer-read';
import { perAccountRateLimit } from '../../shared/rate-limits';
import { currentInfluencer } from './influencer-guard';

/**
 * GET /influencer/queries/{influencerId} and POST /influencer/queries (SPEC §7). The SPEC's
 * calls name the influencer; the server only ever accepts the caller's own id (403 otherwise).
 */
export const influencerQueriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, listInfluencerQueriesRoute, [400]),
    handler: async (request) => {
      const me = await currentInfluencer(app, request);
      if (request.params.influencerId !== me.id) throw new HttpError(403, MESSAGES.forbidden);
      return { ok: true as const, items: await listQueries(app.db, { influencerId: me.id }) };
    },
  });

  app.route({
    ...contractRoute(app, openInfluencerQueryRoute, [400, 404, 429]),
    config: {
      rateLimit: perAccountRateLimit(app.limits.influencerQueries, LIMIT_MESSAGES.tooManyQueries),
    },
    handler: async (request, reply) => {
      const me = await currentInfluencer(app, request);
      const { influencerId, subject, message } = request.body;
      // Blank means "me" (the screen stores the id, but an old session may not have it).
      if (influencerId !== '' && influencerId !== me.id) {
        throw new HttpError(403, MESSAGES.forbidden);
      }
      const queryId = randomUUID();
      const { position } = await handleCommand({
        store: app.store,
        streamName: influencerQueryStreamName(queryId),
        decider: influencerQueryDecider,
        command: {
          type: 'OpenInfluencerQuery',
          data: { queryId, influencerId: me.id, subject, message },
          metadata: commandMetadataFor(request),
        },
      });
      await app.waitForProjections(position, ['influencer-queries', 'influencers']);
      const [item] = await listQueries(app.db, { queryId });
      if (item === undefined) throw new HttpError(404, M.queryNotFound);
      return reply.code(201).send({ ok: true as const, message: M.querySent, item });
    },
  });
};
