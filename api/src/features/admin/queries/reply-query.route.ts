import { randomUUID } from 'node:crypto';
import {
  DEFAULT_REPLY_SUBJECT,
  multiLineText,
  QUERY_MESSAGES,
  queryDecider,
  queryStreamName,
  singleLineText,
} from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../auth/auth-token';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { createMailer } from '../../../mail/create-mailer';
import { ADMIN_MESSAGES } from '../admin.messages';
import { authErrors, idParamsSchema, messageSchema } from '../admin.schemas';
import { findQueryRow, queryItemSchema, toQueryItem } from './query-view';
import { createReplySender } from './reply-sender';

/** Long enough for a healthy SMTP server, short enough for a person waiting on a button. */
export const REPLY_SEND_TIMEOUT_MS = 8000;

// SPEC §5: subject and body are trimmed, the body must not be blank, a blank subject becomes
// the default. The decider checks the body again; this says it in the screen's words.
const replyBodySchema = z.object({
  subject: singleLineText()
    .max(300, 'The subject is too long.')
    .nullish()
    .transform((value) => value?.trim() || DEFAULT_REPLY_SUBJECT),
  body: multiLineText({ error: ADMIN_MESSAGES.replyRequired })
    .max(20_000, 'The reply is too long.')
    .trim()
    .min(1, ADMIN_MESSAGES.replyRequired),
  close: z.boolean().default(false),
});

/**
 * POST /admin/queries/{id}/reply {subject, body, close}: e-mails the reply to the address the
 * query came from, records it with whether the mail went out (reply-sender.ts), and with
 * close (Send & Close) closes the query.
 */
export const replyQueryRoute: FastifyPluginAsyncZod = async (app) => {
  const mailer = createMailer(app.config);
  app.addHook('onClose', async () => {
    await mailer.close();
  });
  const sender = createReplySender({
    mailer,
    queue: app.queue,
    timeoutMs: REPLY_SEND_TIMEOUT_MS,
    onQueued: (mailId, error) =>
      app.log.warn({ err: error, mailId }, 'Reply mail not sent at once; queued for retry'),
  });

  app.post(
    '/queries/:id/reply',
    {
      schema: {
        params: idParamsSchema,
        body: replyBodySchema,
        response: {
          200: z.object({ message: z.string(), item: queryItemSchema }),
          400: messageSchema,
          404: messageSchema,
          410: messageSchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { subject, body, close } = request.body;
      const query = await findQueryRow(app, id);
      // An erased query has no address left to answer.
      if (query.email === null) throw new HttpError(404, QUERY_MESSAGES.notFound);
      const delivery = await sender.send({
        id: randomUUID(),
        to: query.email,
        subject,
        text: replyText(body, query.message),
      });
      const { position } = await handleCommand({
        store: app.store,
        streamName: queryStreamName(id),
        decider: queryDecider,
        command: {
          type: 'ReplyToQuery',
          data: {
            by: `admin:${request.user.id}`,
            to: query.email,
            subject,
            body,
            sendOk: delivery.sendOk,
            previewUrl: delivery.previewUrl,
            close,
          },
          metadata: commandMetadataFor(request),
        },
      });
      await app.waitForProjections(position, ['queries']);
      return {
        message: delivery.sendOk ? ADMIN_MESSAGES.replySent : ADMIN_MESSAGES.replyQueued,
        item: toQueryItem(await findQueryRow(app, id)),
      };
    },
  );
};

/** The reply, then the customer's own message quoted, so the answer reads in context. */
function replyText(body: string, original: string | null): string {
  if (original === null) return body;
  const quoted = original
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return `${body}\n\nYou wrote:\n${quoted}\n`;
}
