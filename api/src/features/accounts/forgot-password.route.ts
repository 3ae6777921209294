import { randomUUID } from 'node:crypto';
import type { CommandMetadata } from '@shortlist/domain';
import { accountDecider, userStreamName } from '@shortlist/domain';
import { ACCOUNT_ROUTE_MESSAGES, requestPasswordResetRoute } from '@shortlist/domain/contract';
import type { Position } from '@shortlist/eventstore';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commandMetadataFor } from '../../commands/command-metadata';
import { deterministicEventId } from '../../commands/deterministic-event-id';
import { handleCommand } from '../../commands/handle-command';
import { devOutboxEnabled, devPreviewUrlFor } from '../../mail/create-mailer';
import { enqueueMail, MAIL_ATTEMPTS, MAIL_BACKOFF_MS } from '../../mail/mail-job';
import { MAIL_ID_PATTERN } from '../../mail/mailer.port';
import { renderMail } from '../../mail/templates/mail-catalogue';
import { contractRoute } from '../../shared/contract-route';
import { type AttemptLimit, perIpLimit, routeRateLimit } from '../../shared/rate-limits';
import { createResetToken } from './reset-token';

/** ARCHITECTURE.md: reset links expire in 1 hour. */
const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** The queued half of /forgot: find the account, record the link, queue the mail. */
export const PASSWORD_RESET_REQUEST_JOB = 'account.password-reset-request';

const resetRequestJobSchema = z.object({
  mailId: z.string().regex(MAIL_ID_PATTERN),
  email: z.string().min(1),
  actor: z.string(),
  correlationId: z.string(),
  now: z.string(),
});

export interface ForgotRouteOptions {
  limit: AttemptLimit;
  perIp: AttemptLimit;
}

/**
 * POST /forgot {email}: the same answer for every e-mail, in content and in the work done before
 * answering. The request only queues one job, whatever the address; the job decides whether an
 * account uses it and, when one does, records a single-use link valid for an hour and mails it.
 * Looking the account up here would answer measurably later for existing accounts.
 *
 * Under MAIL_PREVIEW_LINKS (development, loopback only) the answer also links the mail's copy in
 * the outbox (SPEC §7 devPreviewUrl); an address without an account then gets a short "no
 * account uses this address" mail there, so that answer carries a link too.
 */
export const forgotPasswordRoute: FastifyPluginAsyncZod<ForgotRouteOptions> = async (
  app,
  options,
) => {
  app.queue.process(PASSWORD_RESET_REQUEST_JOB, async (payload) => {
    const job = resetRequestJobSchema.parse(payload);
    const user = await app.db
      .selectFrom('users')
      .select(['id', 'email', 'name'])
      .where('email', '=', job.email)
      .where('erased_at', 'is', null)
      .executeTakeFirst();
    if (user?.email == null) {
      if (devOutboxEnabled(app.config)) {
        await enqueueMail(
          app.queue,
          await renderMail('no-account', {}, { id: job.mailId, to: job.email }),
        );
      }
      return;
    }
    // A retry after the mail was queued records a newer link that mail does not hold; the mail
    // is queued last, so only a failure of the queue's own answer can cause that.
    await requestPasswordReset(app, {
      userId: user.id,
      email: user.email,
      name: user.name,
      mailId: job.mailId,
      metadata: {
        actor: job.actor,
        correlationId: job.correlationId,
        causationId: null,
        now: job.now,
      },
    });
  });

  app.route({
    ...contractRoute(app, requestPasswordResetRoute, [400, 429]),
    config: { rateLimit: routeRateLimit(options.limit, 'ip+email') },
    preHandler: perIpLimit(app, options.perIp),
    handler: async (request) => {
      const mailId = randomUUID();
      const metadata = commandMetadataFor(request);
      await app.queue.enqueue(
        PASSWORD_RESET_REQUEST_JOB,
        {
          mailId,
          email: request.body.email,
          actor: metadata.actor,
          correlationId: metadata.correlationId,
          now: metadata.now,
        },
        { key: mailId, attempts: MAIL_ATTEMPTS, backoffMs: MAIL_BACKOFF_MS },
      );
      const answer = { message: ACCOUNT_ROUTE_MESSAGES.resetLinkSent };
      const devPreviewUrl = devPreviewUrlFor(app.config, mailId);
      return devPreviewUrl === null ? answer : { ...answer, devPreviewUrl };
    },
  });
};

export interface PasswordResetRequest {
  userId: string;
  email: string;
  name: string | null;
  /** The mail's id (its outbox file); default: derived from the link, so one link, one mail. */
  mailId?: string;
  /** `now` is when the link starts its hour. */
  metadata: CommandMetadata;
}

/**
 * Records a new reset link on the account (only the newest one works) and queues its mail.
 * The mail id, hence the job key, derives from the token hash: a retried job sends one mail.
 */
export async function requestPasswordReset(
  app: Pick<FastifyInstance, 'store' | 'queue' | 'config'>,
  request: PasswordResetRequest,
): Promise<{ token: string; mailId: string; position: Position | null }> {
  const { token, tokenHash } = createResetToken(request.userId);
  const expiresAt = new Date(Date.parse(request.metadata.now) + RESET_LINK_TTL_MS).toISOString();
  const { position } = await handleCommand({
    store: app.store,
    streamName: userStreamName(request.userId),
    decider: accountDecider,
    command: {
      type: 'RequestPasswordReset',
      data: { tokenHash, expiresAt },
      metadata: request.metadata,
    },
  });
  const mailId = request.mailId ?? deterministicEventId('mail:password-reset', tokenHash);
  const link = `${app.config.publicOrigin}/forgot?token=${encodeURIComponent(token)}`;
  await enqueueMail(
    app.queue,
    await renderMail(
      'password-reset',
      { name: request.name, link },
      { id: mailId, to: request.email },
    ),
  );
  return { token, mailId, position };
}
