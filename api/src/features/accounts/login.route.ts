import { ACCOUNT_ROUTE_MESSAGES, loginAccountRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyAgainstNothing, verifyPassword } from '../../auth/passwords';
import { contractRoute } from '../../shared/contract-route';
import { HttpError } from '../../shared/http-error';
import { type AttemptLimit, perIpLimit, routeRateLimit } from '../../shared/rate-limits';

export interface LoginRouteOptions {
  limit: AttemptLimit;
  perIp: AttemptLimit;
}

/**
 * POST /login {email, password} → {token, user, message}. Customers and admins alike; the role
 * in the token is the stored one, never anything the client says.
 */
export const loginRoute: FastifyPluginAsyncZod<LoginRouteOptions> = async (app, options) => {
  app.route({
    ...contractRoute(app, loginAccountRoute, [400, 401, 429]),
    config: { rateLimit: routeRateLimit(options.limit, 'ip+email') },
    preHandler: perIpLimit(app, options.perIp),
    handler: async (request) => {
      const { email, password } = request.body;
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'password_hash', 'role'])
        .where('email', '=', email)
        .where('erased_at', 'is', null)
        .executeTakeFirst();
      // Without an account the password is still checked against a dummy hash: the answer
      // takes as long either way, so its timing does not tell which e-mails are registered.
      const valid =
        user?.password_hash && user.email !== null
          ? await verifyPassword(user.password_hash, password)
          : await verifyAgainstNothing(password);
      if (!user || !valid || user.email === null) {
        throw new HttpError(401, ACCOUNT_ROUTE_MESSAGES.loginFailed);
      }
      // SPEC §2: admin is role 'admin', case-insensitive.
      const role = user.role.toLowerCase() === 'admin' ? 'admin' : 'user';
      const { token } = await app.signToken({ id: user.id, role });
      return {
        token,
        user: { id: user.id, email: user.email, name: user.name ?? '', role },
        message: ACCOUNT_ROUTE_MESSAGES.loggedIn,
      };
    },
  });
};
