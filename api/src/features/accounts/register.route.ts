import { randomUUID } from 'node:crypto';
import { singleLineText } from '@shortlist/domain';
import { ACCOUNT_ROUTE_MESSAGES, registerAccountRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords';
import { commandMetadataFor } from '../../commands/command-metadata';
import { contractRoute } from '../../shared/contract-route';
import { type AttemptLimit, routeRateLimit } from '../../shared/rate-limits';
import { referralFor } from './referral';
import { registerAccount } from './register-account';
import { registrationRecovery } from './registration-recovery';

/**
 * POST /register {name, email, password, cpassword, referralCode?} (+ optional X-Ref header):
 * a new customer account, signed in at once (SPEC §4: "success with a token logs in").
 */
export const registerRoute: FastifyPluginAsyncZod<{ limit: AttemptLimit }> = async (
  app,
  { limit },
) => {
  const route = contractRoute(app, registerAccountRoute, [400, 409, 429]);
  app.route({
    ...route,
    schema: {
      ...route.schema,
      // Loose: validation replaces request.headers, and the other headers must stay.
      headers: z.looseObject({ 'x-ref': singleLineText().max(64).optional() }),
    },
    config: { rateLimit: routeRateLimit(limit, 'ip') },
    handler: async (request, reply) => {
      const { name, email, password } = request.body;
      // SPEC §5: the code travels in the body and in X-Ref; the body wins.
      const code = request.body.referralCode ?? request.headers['x-ref'] ?? null;
      const referral = await referralFor(app.db, code, email, request.body.referralCampaign);
      const account = await registerAccount({
        store: app.store,
        userId: randomUUID(),
        email,
        name,
        passwordHash: await hashPassword(password),
        role: 'user',
        referral,
        metadata: commandMetadataFor(request),
        recovery: registrationRecovery(app),
      });
      // The next request (login, /me/stats) reads the users table: let it see this account.
      await app.waitForProjections(account.position, ['users']);
      const { token } = await app.signToken({ id: account.userId, role: 'user' });
      return reply.code(201).send({
        token,
        user: { id: account.userId, email: account.email, name, role: 'user' },
        message: ACCOUNT_ROUTE_MESSAGES.registered,
      });
    },
  });
};
