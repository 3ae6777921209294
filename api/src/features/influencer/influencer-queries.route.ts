import { randomUUID } from 'node:crypto';
import {
  DEFAULT_INFLUENCER_QUERY_SUBJECT,
  influencerQueryDecider,
  influencerQueryStreamName,
  singleLineText,
} from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES } from '../../auth/auth-token';
import { commandMetadataFor } from '../../commands/command-metadata';
import { handleCommand } from '../../commands/handle-command';
import { INFLUENCER_API_MESSAGES as M } from '../../shared/influencers/influencer.messages';
import {
  formField,
  messageSchema,
  queryItemSchema,
} from '../../shared/influencers/influencer.schemas';
import { listQueries } from '../../shared/influencers/influencer-read';
import { currentInfluencer } from './influencer-guard';

const listAnswerSchema = z.object({ ok: z.literal(true), items: z.array(queryItemSchema) });
const createAnswerSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  item: queryItemSchema,
});

const openQueryBodySchema = z
  .object({
    influencerId: formField(100),
    subject: formField(200),
    message: formField(5000, { multiline: true }),
  })
  .transform((body, ctx) => {
    const message = body.message.trim();
    if (message === '') {
      ctx.addIssue({ code: 'custom', message: M.enterIssue });
      return z.NEVER;
    }
    return {
      influencerId: body.influencerId.trim(),
      subject: body.subject.trim() || DEFAULT_INFLUENCER_QUERY_SUBJECT,
      message,
    };
  });

/**
 * GET /influencer/queries/{influencerId} and POST /influencer/queries (SPEC §7). The SPEC's
 * calls name the influencer; the server only ever accepts the caller's own id (403 otherwise).
 */
export const influencerQueriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/queries/:influencerId',
    {
      schema: {
        params: z.object({ influencerId: singleLineText().min(1).max(100) }),
        response: { 200: listAnswerSchema, 401: messageSchema, 403: messageSchema },
      },
    },
    async (request) => {
      const me = await currentInfluencer(app, request);
      if (request.params.influencerId !== me.id) throw new HttpError(403, MESSAGES.forbidden);
      return { ok: true as const, items: await listQueries(app.db, { influencerId: me.id }) };
    },
  );

  app.post(
    '/queries',
    {
      schema: {
        body: openQueryBodySchema,
        response: {
          201: createAnswerSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
        },
      },
    },
    async (request, reply) => {
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
  );
};
