import { randomUUID } from 'node:crypto';
import { QUERY_MESSAGES, queryDecider, queryStreamName } from '@shortlist/domain';
import { ADMIN_MESSAGES, replySupportQueryRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { createMailer } from '../../../mail/create-mailer';
import { renderMail } from '../../../mail/templates/mail-catalogue';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { createReplySender } from './reply-sender';
import { findSupportQueryRow, toSupportQueryItem } from './support-query-view';

/** Long enough for a healthy SMTP server, short enough for a person waiting on a button. */
export const REPLY_SEND_TIMEOUT_MS = 8000;

/**
 * POST /admin/queries/{id}/reply {subject, body, close}: e-mails the reply to the address the
 * query came from, records it with whether the mail went out (reply-sender.ts), and with
 * close (Send & Close) closes the query.
 */
export const replyToSupportQueryRoute: FastifyPluginAsyncZod = async (app) => {
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

  app.route({
    ...contractRoute(app, replySupportQueryRoute, [400, 404, 410]),
    handler: async (request) => {
      const { id } = request.params;
      const { subject, body, close } = request.body;
      const query = await findSupportQueryRow(app, id);
      // An erased query has no address left to answer.
      if (query.email === null) throw new HttpError(404, QUERY_MESSAGES.notFound);
      const delivery = await sender.send(
        await renderMail(
          'support-reply',
          { subject, body, original: query.message },
          { id: randomUUID(), to: query.email },
        ),
      );
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
        item: toSupportQueryItem(await findSupportQueryRow(app, id)),
      };
    },
  });
};
