import {
  getOutboxMailRoute,
  getOutboxMessageRoute,
  listOutboxMessagesRoute,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxDir } from '../../../mail/create-mailer';
import { sendOutboxPage } from '../../../mail/mail.plugin';
import { listOutboxMessages, readOutboxMessage } from '../../../mail/outbox.mailer';
import { ERROR_MESSAGES } from '../../../plugins/errors.plugin';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';

/**
 * The local outbox (DATA_DIR/outbox, where mail goes without SMTP_URL), for admins only: its
 * messages may hold reset links, so outside the development switch this is the one way to read
 * them over HTTP.
 *
 *   GET /admin/outbox?q&page&limit → {items: [{id, to, subject, sentAt}], total}, newest
 *                                    first, q: part of the recipient
 *   GET /admin/outbox/{id}/content → {item: {…, from, text, html}}: what the admin app's
 *                                    Outbox screen shows (the HTML in a sandboxed frame)
 *   GET /admin/outbox/{id}         → the message as an HTML page (runs nothing, never cached)
 */
export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = outboxDir(app.config);

  app.route({
    ...contractRoute(app, listOutboxMessagesRoute, [400]),
    handler: async (request) => {
      const { q, page, limit } = request.query;
      return listOutboxMessages(dir, { limit, page, to: q });
    },
  });

  app.route({
    ...contractRoute(app, getOutboxMailRoute, [400, 404]),
    handler: async (request, reply) => {
      const message = await readOutboxMessage(dir, request.params.id);
      if (message === null) throw new HttpError(404, ERROR_MESSAGES.notFound);
      // Holds reset links: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      return {
        item: {
          id: message.id,
          from: message.from,
          to: message.to,
          subject: message.subject,
          sentAt: message.date,
          text: message.text,
          html: message.html,
        },
      };
    },
  });

  app.route({
    ...contractRoute(app, getOutboxMessageRoute, [400, 404]),
    handler: async (request, reply) => sendOutboxPage(reply, dir, request.params.id),
  });
};
