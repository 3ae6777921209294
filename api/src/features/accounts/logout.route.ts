import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_ROUTE_MESSAGES } from './account-messages';
import { messageSchema } from './account-schemas';

/**
 * POST /auth/logout: revokes the caller's token until it would have expired. Register inside an
 * authenticated context (account.routes.ts does), which sets request.user.
 */
export const logoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/logout',
    { schema: { response: { 200: messageSchema, 401: messageSchema } } },
    async (request) => {
      await app.revocations.revoke(request.user.jti, request.user.expiresAt);
      return { message: ACCOUNT_ROUTE_MESSAGES.loggedOut };
    },
  );
};
