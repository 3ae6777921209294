import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_MESSAGES } from '../plugins/errors.plugin';
import {
  createMailer,
  OUTBOX_ROUTE_PREFIX,
  outboxDir,
  outboxPreviewEnabled,
} from './create-mailer';
import { registerMailJob } from './mail-job';
import { MAIL_ID_PATTERN } from './mailer.port';
import { readOutboxMessage } from './outbox.mailer';
import { renderOutboxPage } from './outbox-preview.page';

/**
 * Mail for this process: the `mail.send` job handler on the app's queue (registered once, at
 * start) and, outside production, the outbox preview page `GET /api/dev/outbox/:id`.
 * Register under /api before the slices that enqueue mail.
 */
export const mailPlugin: FastifyPluginAsyncZod = async (app) => {
  const mailer = createMailer(app.config);
  registerMailJob(app.queue, mailer, app.log);
  app.addHook('onClose', async () => {
    await mailer.close();
  });

  if (!outboxPreviewEnabled(app.config)) return;
  const dir = outboxDir(app.config);
  app.get(
    `${OUTBOX_ROUTE_PREFIX}/:id`,
    {
      schema: {
        params: z.object({ id: z.string().regex(MAIL_ID_PATTERN) }),
        response: { 200: z.string(), 404: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const message = await readOutboxMessage(dir, request.params.id);
      if (message === null) return reply.code(404).send({ message: ERROR_MESSAGES.notFound });
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'no-store')
        .send(renderOutboxPage(message));
    },
  );
};
