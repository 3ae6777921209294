import { createFirstAdminRoute, FIRST_ADMIN_MESSAGES } from '@shortlist/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../shared/contract-route';
import { HttpError } from '../../shared/http-error';
import { routeRateLimit } from '../../shared/rate-limits';
import { ensureAdminAccount } from './admin-account';
import { adminExists, type FirstAdminSetup } from './first-admin-setup';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one-time first-admin link (app.ts); `startServer` opens it when no admin exists. */
    firstAdminSetup: FirstAdminSetup;
  }
}

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * From this machine itself, and not through a proxy: a proxy on the same host makes every
 * visitor's connection come from loopback, so any forwarding header disqualifies the request.
 * The socket's own address, never X-Forwarded-For (which TRUST_PROXY may let a caller name).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? '');
}

/**
 * POST /setup/first-admin: the first admin, created with the one-time link `npm start` prints
 * when there is none.
 */
export const firstAdminRoute: FastifyPluginAsyncZod = async (app) => {
  const setup = app.firstAdminSetup;

  // One request at a time: two tabs posting the same link must not both create an admin.
  let busy = false;
  app.route({
    ...contractRoute(app, createFirstAdminRoute, [400, 403, 409, 410, 429]),
    config: { rateLimit: routeRateLimit({ max: 10, timeWindowMs: 60_000 }, 'ip') },
    handler: async (request, reply) => {
      if (!fromThisMachine(request)) throw new HttpError(403, FIRST_ADMIN_MESSAGES.loopbackOnly);
      if (busy || !setup.matches(request.body.token)) {
        throw new HttpError(410, FIRST_ADMIN_MESSAGES.invalidLink);
      }
      busy = true;
      try {
        if (await adminExists(app.db)) {
          setup.consume();
          throw new HttpError(409, FIRST_ADMIN_MESSAGES.adminExists);
        }
        const result = await ensureAdminAccount({
          store: app.store,
          email: request.body.email,
          password: request.body.password,
          actor: 'system:first-admin-link',
        });
        // The e-mail belongs to an existing account: nothing was made, the link stays usable.
        if (result.outcome === 'exists') throw new HttpError(409, FIRST_ADMIN_MESSAGES.emailTaken);
        setup.consume();
        await app.waitForProjections(result.position, ['users']);
        app.log.info({ userId: result.userId }, 'First admin account created from the setup link');
        return reply.code(201).send({ message: FIRST_ADMIN_MESSAGES.created });
      } finally {
        busy = false;
      }
    },
  });
};
