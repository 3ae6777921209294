import { queryDecider, queryStreamName } from '@shortlist/domain';
import {
  ADMIN_MESSAGES,
  deleteSupportQueryRoute,
  getSupportQueryRoute,
  listSupportQueriesRoute,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { contractRoute } from '../../../shared/contract-route';
import { containsPattern, offsetOf } from '../admin-lists';
import { findSupportQueryRow, toSupportQueryItem } from './support-query-view';

/**
 * The Contact page's queries for the admin Queries screen (SPEC §7): list (search on the
 * e-mail, the message, the profile id or the query id), open one, delete one. Replies are in
 * reply-support-query.route.ts.
 */
export const supportQueriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, listSupportQueriesRoute, [400]),
    handler: async (request) => {
      const { q, sort } = request.query;
      let base = app.db.selectFrom('queries').where('deleted', '=', false);
      if (q !== undefined) {
        const pattern = containsPattern(q);
        base = base.where((eb) =>
          eb.or([
            eb('id', 'ilike', pattern),
            eb('email', 'ilike', pattern),
            eb('message', 'ilike', pattern),
            eb('pid', 'ilike', pattern),
          ]),
        );
      }
      const direction = sort === 'createdAt' ? 'asc' : 'desc';
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', direction)
          .orderBy('id', direction)
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toSupportQueryItem), total: Number(count.count) };
    },
  });

  app.route({
    ...contractRoute(app, getSupportQueryRoute, [400, 404]),
    handler: async (request) => ({
      item: toSupportQueryItem(await findSupportQueryRow(app, request.params.id)),
    }),
  });

  app.route({
    ...contractRoute(app, deleteSupportQueryRoute, [400, 404]),
    handler: async (request) => {
      // Deleting an already deleted query changes nothing and still answers Deleted (the
      // decider makes it idempotent); one that never existed is 404.
      const { position } = await handleCommand({
        store: app.store,
        streamName: queryStreamName(request.params.id),
        decider: queryDecider,
        command: { type: 'DeleteQuery', data: {}, metadata: commandMetadataFor(request) },
      });
      await app.waitForProjections(position, ['queries']);
      return { message: ADMIN_MESSAGES.deleted };
    },
  });
};
