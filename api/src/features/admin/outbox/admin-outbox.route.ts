import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxDir } from '../../../mail/create-mailer';
import { outboxIdParamsSchema, sendOutboxPage } from '../../../mail/mail.plugin';
import { listOutboxMessages } from '../../../mail/outbox.mailer';
import { authErrors, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, messageSchema } from '../admin.schemas';

const outboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: z.string(),
});

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

  app.get(
    '/outbox',
    {
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
        }),
        response: {
          200: z.object({ items: z.array(outboxItemSchema) }),
          400: messageSchema,
          ...authErrors,
        },
      },
    },
    async (request) => ({ items: await listOutboxMessages(dir, request.query.limit) }),
  );

  app.get(
    '/outbox/:id',
    {
      schema: {
        params: outboxIdParamsSchema,
        response: { 200: z.string(), 400: messageSchema, 404: messageSchema, ...authErrors },
      },
    },
    async (request, reply) => sendOutboxPage(reply, dir, request.params.id),
  );
};
