import { accountDecider, DomainError, userStreamName } from '@shortlist/domain';
import { ACCOUNT_ROUTE_MESSAGES, setNewPasswordRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionSubject } from '../../auth/auth-token';
import { hashPassword } from '../../auth/passwords';
import { commandMetadataFor } from '../../commands/command-metadata';
import { handleCommand } from '../../commands/handle-command';
import { contractRoute } from '../../shared/contract-route';
import { HttpError } from '../../shared/http-error';
import { type AttemptLimit, routeRateLimit } from '../../shared/rate-limits';
import { parseResetToken } from './reset-token';

/**
 * POST /forgot/reset {token, password}: sets the new password when the token is the account's
 * newest link, unused and under an hour old (the Account decider decides). Every session
 * opened before the reset ends (its token answers 401): a reset is what a person does when the
 * password may be known to someone else, who may be signed in with it. The old password stops
 * working at once, because login reads the new hash.
 */
export const resetPasswordRoute: FastifyPluginAsyncZod<{ limit: AttemptLimit }> = async (
  app,
  { limit },
) => {
  app.route({
    ...contractRoute(app, setNewPasswordRoute, [400, 429]),
    config: { rateLimit: routeRateLimit(limit, 'ip') },
    handler: async (request) => {
      const parsed = parseResetToken(request.body.token);
      if (parsed === null) throw new HttpError(400, ACCOUNT_ROUTE_MESSAGES.resetLinkInvalid);
      const passwordHash = await hashPassword(request.body.password);
      const metadata = commandMetadataFor(request);
      let position: string | null;
      try {
        ({ position } = await handleCommand({
          store: app.store,
          streamName: userStreamName(parsed.userId),
          decider: accountDecider,
          command: {
            type: 'ResetPassword',
            data: { tokenHash: parsed.tokenHash, passwordHash },
            metadata: { ...metadata, actor: `user:${parsed.userId}` },
          },
        }));
      } catch (error) {
        // An unknown or erased account is, to the person holding the link, just a bad link.
        if (error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'gone')) {
          throw new HttpError(400, ACCOUNT_ROUTE_MESSAGES.resetLinkInvalid);
        }
        throw error;
      }
      // After the password changed, never before: a refused link ends no session.
      await app.revocations.endSessionsOf(sessionSubject({ id: parsed.userId, role: 'user' }));
      // The next thing the person does is log in with the new password.
      await app.waitForProjections(position, ['users']);
      return { message: ACCOUNT_ROUTE_MESSAGES.passwordUpdated };
    },
  });
};
