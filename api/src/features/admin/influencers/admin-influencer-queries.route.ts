import {
  INFLUENCER_QUERY_STATUSES,
  influencerQueryDecider,
  influencerQueryStreamName,
} from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../auth/auth-token';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { INFLUENCER_API_MESSAGES as M } from '../../../shared/influencers/influencer.messages';
import {
  formField,
  idParamsSchema,
  messageSchema,
  queryItemSchema,
} from '../../../shared/influencers/influencer.schemas';
import { listQueries } from '../../../shared/influencers/influencer-read';

const replyBodySchema = z
  .object({
    reply: formField(5000, { multiline: true }),
    // SPEC §4: an admin reply resolves the query unless the admin picks another status.
    status: z
      .enum(INFLUENCER_QUERY_STATUSES)
      .nullish()
      .transform((status) => status ?? 'resolved'),
  })
  .transform((body, ctx) => {
    const reply = body.reply.trim();
    if (reply === '') {
      ctx.addIssue({ code: 'custom', message: M.enterReply });
      return z.NEVER;
    }
    return { reply, status: body.status };
  });

/** Admin: GET /admin/influencer-queries and PUT /admin/influencer-queries/{id}/reply. */
export const adminInfluencerQueriesRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/influencer-queries',
    {
      schema: {
        response: { 200: z.object({ ok: z.literal(true), items: z.array(queryItemSchema) }) },
      },
    },
    async () => ({ ok: true as const, items: await listQueries(app.db) }),
  );

  app.put(
    '/influencer-queries/:id/reply',
    {
      schema: {
        params: idParamsSchema,
        body: replyBodySchema,
        response: {
          200: z.object({ ok: z.literal(true), message: z.string(), item: queryItemSchema }),
          400: messageSchema,
          404: messageSchema,
        },
      },
    },
    async (request) => {
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
  );
};
