import { getDevOutboxMessageRoute } from '@shortlist/domain/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '../plugins/errors.plugin';
import { contractRoute } from '../shared/contract-route';
import { createMailer, devOutboxEnabled, OUTBOX_ROUTE_PREFIX, outboxDir } from './create-mailer';
import { createMailDeliveries } from './mail-deliveries';
import { registerMailJob } from './mail-job';
import { readOutboxMessage } from './outbox.mailer';
import { renderOutboxPage } from './outbox-preview.page';
import { registerUnpaidReminderJob } from './reactions/unpaid-reminder';
import { unsubscribeRoutes } from './unsubscribe/unsubscribe.routes';

/**
 * Answers the preview page of outbox message `id`, or 404. The page runs nothing (its own CSP)
 * and is never cached: it may hold a reset link.
 */
export async function sendOutboxPage(
  reply: FastifyReply,
  dir: string,
  id: string,
): Promise<FastifyReply> {
  const message = await readOutboxMessage(dir, id);
  if (message === null) return reply.code(404).send({ message: ERROR_MESSAGES.notFound });
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('cache-control', 'no-store')
    .send(renderOutboxPage(message));
}

/**
 * Mail for this process: the `mail.send` job handler on the app's queue (registered once, at
 * start) and, only under MAIL_PREVIEW_LINKS (development, loopback only), the open preview page
 * `GET /api/dev/outbox/:id`. Otherwise admins read the outbox through /api/admin/outbox.
 * Register under /api before the slices that enqueue mail.
 */
export const mailPlugin: FastifyPluginAsyncZod = async (app) => {
  const mailer = createMailer(app.config);
  registerMailJob(app.queue, mailer, app.log, createMailDeliveries(app.db));
  registerUnpaidReminderJob(app.queue, {
    store: app.store,
    publicOrigin: app.config.publicOrigin,
    secret: unsubscribeSecret(app.config),
    logger: app.log,
  });
  app.addHook('onClose', async () => {
    await mailer.close();
  });

  await app.register(unsubscribeRoutes, { secret: unsubscribeSecret(app.config) });

  if (!devOutboxEnabled(app.config)) return;
  app.log.warn(
    { host: app.config.host },
    `MAIL_PREVIEW_LINKS is on: reset mails are readable by anyone at /api${OUTBOX_ROUTE_PREFIX}, so the server listens on loopback only`,
  );
  const dir = outboxDir(app.config);
  app.route({
    ...contractRoute(app, getDevOutboxMessageRoute, [400, 404]),
    handler: async (request, reply) => sendOutboxPage(reply, dir, request.params.id),
  });
};

/** buildApp refuses to start without JWT_SECRET, so this holds wherever a mail plugin runs. */
export function unsubscribeSecret(config: { jwtSecret: string | null }): string {
  if (config.jwtSecret === null) throw new Error('Unsubscribe links need config.jwtSecret');
  return config.jwtSecret;
}
