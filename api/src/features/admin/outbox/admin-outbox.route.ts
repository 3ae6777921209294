import { getOutboxMessageRoute, listOutboxMessagesRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxDir } from '../../../mail/create-mailer';
import { sendOutboxPage } from '../../../mail/mail.plugin';
import { listOutboxMessages } from '../../../mail/outbox.mailer';
import { contractRoute } from '../../../shared/contract-route';

/**
 * The local outbox (DATA_DIR/outbox, where mail goes without SMTP_URL), for admins only: its
 * messages may hold reset links, so outside the development switch this is the one way to read
 * them over HTTP.
 *
 *   GET /admin/outbox?limit   → {items: [{id, to, subject, sentAt}]}, newest first
 *   GET /admin/outbox/{id}    → the message as an HTML page (runs nothing, never cached)
 */
export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = outboxDir(app.config);

  app.route({
    ...contractRoute(app, listOutboxMessagesRoute, [400]),
    handler: async (request) => ({ items: await listOutboxMessages(dir, request.query.limit) }),
  });

  app.route({
    ...contractRoute(app, getOutboxMessageRoute, [400, 404]),
    handler: async (request, reply) => sendOutboxPage(reply, dir, request.params.id),
  });
};
