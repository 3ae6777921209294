import { influencerQueryDecider, influencerQueryStreamName } from '@shortlist/domain';
import {
  listAdminInfluencerQueriesRoute,
  INFLUENCER_MESSAGES as M,
  replyInfluencerQueryRoute,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { listQueries } from '../../../shared/influencers/influencer-read';

/** Admin: GET /admin/influencer-queries and PUT /admin/influencer-queries/{id}/reply. */
export const adminInfluencerQueriesRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, listAdminInfluencerQueriesRoute),
    handler: async () => ({ ok: true as const, items: await listQueries(app.db) }),
  });

  app.route({
    ...contractRoute(app, replyInfluencerQueryRoute, [400, 404]),
    handler: async (request) => {
      const queryId = request.params.id;
      const { position } = await handleCommand({
        store: app.store,
        streamName: influencerQueryStreamName(queryId),
        decider: influencerQueryDecider,
        command: {
          type: 'ReplyToInfluencerQuery',
          data: { ...request.body, by: 'admin' },
          metadata: commandMetadataFor(request),
        },
      });
      await app.waitForProjections(position, ['influencer-queries', 'influencers']);
      const [item] = await listQueries(app.db, { queryId });
      if (item === undefined) throw new HttpError(404, M.queryNotFound);
      return { ok: true as const, message: M.replySent, item };
    },
  });
};
