import { ACCOUNT_ROUTE_MESSAGES, logoutAccountRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../shared/contract-route';

/**
 * POST /auth/logout: revokes the caller's token until it would have expired. Register inside an
 * authenticated context (account.routes.ts does), which sets request.user.
 */
export const logoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, logoutAccountRoute),
    handler: async (request) => {
      await app.revocations.revoke(request.user.jti, request.user.expiresAt);
      return { message: ACCOUNT_ROUTE_MESSAGES.loggedOut };
    },
  });
};
