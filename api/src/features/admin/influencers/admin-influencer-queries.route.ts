import { influencerQueryDecider, influencerQueryStreamName } from '@shortlist/domain';
import {
  listAdminInfluencerQueriesRoute,
  INFLUENCER_ROUTE_MESSAGES as M,
  replyInfluencerQueryRoute,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { listQueries, queryView } from '../../../shared/influencers/influencer-read';
import { containsPattern, offsetOf } from '../admin-lists';

/**
 * Admin: GET /admin/influencer-queries (a page of the list, searched and filtered, with its
 * total, as the other admin lists) and PUT /admin/influencer-queries/{id}/reply.
 */
export const adminInfluencerQueriesRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, listAdminInfluencerQueriesRoute, [400]),
    handler: async (request) => {
      const { q, status } = request.query;
      let base = app.db
        .selectFrom('influencer_queries as q')
        .leftJoin('influencers as i', 'i.id', 'q.influencer_id');
      if (status !== undefined) base = base.where('q.status', '=', status);
      if (q !== undefined) {
        const pattern = containsPattern(q);
        base = base.where((eb) =>
          eb.or([
            eb('q.id', 'ilike', pattern),
            eb('q.subject', 'ilike', pattern),
            eb('q.message', 'ilike', pattern),
            eb('i.name', 'ilike', pattern),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll('q')
          .select('i.name as influencer_name')
          .orderBy('q.created_at', 'desc')
          .orderBy('q.id')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return {
        ok: true as const,
        items: rows.map((row) => queryView(row, row.influencer_name)),
        total: Number(count.count),
      };
    },
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
