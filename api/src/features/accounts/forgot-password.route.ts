import type { CommandMetadata } from '@shortlist/domain';
import { accountDecider, userStreamName } from '@shortlist/domain';
import type { Position } from '@shortlist/eventstore';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commandMetadataFor } from '../../commands/command-metadata';
import { deterministicEventId } from '../../commands/deterministic-event-id';
import { handleCommand } from '../../commands/handle-command';
import { devPreviewUrlFor } from '../../mail/create-mailer';
import { enqueueMail } from '../../mail/mail-job';
import { ACCOUNT_ROUTE_MESSAGES } from './account-messages';
import { forgotBodySchema, messageSchema } from './account-schemas';
import { passwordResetMail } from './password-reset-mail';
import { type AttemptLimit, perIpLimit, routeRateLimit } from './rate-limits';
import { createResetToken } from './reset-token';

/** ARCHITECTURE.md: reset links expire in 1 hour. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

export interface ForgotRouteOptions {
  limit: AttemptLimit;
  perIp: AttemptLimit;
}

/**
 * POST /forgot {email}: the same answer whether or not an account has the e-mail; when one does,
 * a single-use link valid for an hour is mailed (through the queue, so the answer is quick).
 */
export const forgotPasswordRoute: FastifyPluginAsyncZod<ForgotRouteOptions> = async (
  app,
  options,
) => {
  app.post(
    '/forgot',
    {
      config: { rateLimit: routeRateLimit(options.limit, 'ip+email') },
      preHandler: perIpLimit(app, options.perIp),
      schema: {
        body: forgotBodySchema,
        response: {
          200: z.object({ message: z.string(), devPreviewUrl: z.string().optional() }),
          400: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (request) => {
      const answer = { message: ACCOUNT_ROUTE_MESSAGES.resetLinkSent };
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'email', 'name'])
        .where('email', '=', request.body.email)
        .where('erased_at', 'is', null)
        .executeTakeFirst();
      if (user?.email == null) return answer;
      const { mailId } = await requestPasswordReset(app, {
        userId: user.id,
        email: user.email,
        name: user.name,
        metadata: commandMetadataFor(request),
      });
      // Development convenience (SPEC §7): only where the mail went to the local outbox.
      const devPreviewUrl = devPreviewUrlFor(app.config, mailId);
      return devPreviewUrl === null ? answer : { ...answer, devPreviewUrl };
    },
  );
};

export interface PasswordResetRequest {
  userId: string;
  email: string;
  name: string | null;
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
  const mailId = deterministicEventId('mail:password-reset', tokenHash);
  const link = `${app.config.publicOrigin}/forgot?token=${encodeURIComponent(token)}`;
  await enqueueMail(
    app.queue,
    passwordResetMail({ id: mailId, to: request.email, name: request.name, link }),
  );
  return { token, mailId, position };
}
