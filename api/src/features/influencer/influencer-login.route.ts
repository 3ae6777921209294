import { loginInfluencerRoute, INFLUENCER_ROUTE_MESSAGES as M } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyAgainstNothing, verifyPassword } from '../../auth/passwords';
import { contractRoute } from '../../shared/contract-route';
import { HttpError } from '../../shared/http-error';
import { type AttemptLimit, perIpLimit } from '../../shared/rate-limits';

/** Login guesses per IP + e-mail per minute (ARCHITECTURE.md: login routes are rate-limited). */
const INFLUENCER_LOGIN_LIMIT = { max: 10, timeWindowMs: 60_000 };

/**
 * Login attempts per IP over all e-mails per minute, as the customer login has (credential
 * stuffing: one address trying many e-mails). Influencers are few, so the ceiling is lower.
 */
export const INFLUENCER_LOGIN_PER_IP_LIMIT: AttemptLimit = { max: 40, timeWindowMs: 60_000 };

/**
 * POST /influencer/login {email, password} → {ok, token, influencer}. Public. The token's role
 * is 'influencer', so it opens only the influencer context (and never a customer's or admin's).
 */
export const influencerLoginRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, loginInfluencerRoute, [400, 401, 429]),
    config: {
      rateLimit: {
        max: INFLUENCER_LOGIN_LIMIT.max,
        timeWindow: INFLUENCER_LOGIN_LIMIT.timeWindowMs,
        // After validation, so the key uses the normalised e-mail of the body.
        hook: 'preHandler',
        keyGenerator: (request) => `${request.ip}|${emailOf(request.body)}`,
        errorResponseBuilder: () => new HttpError(429, M.tooManyAttempts),
      },
    },
    preHandler: perIpLimit(app, INFLUENCER_LOGIN_PER_IP_LIMIT),
    handler: async (request) => {
      const { email, password } = request.body;
      const influencer = await app.db
        .selectFrom('influencers')
        .select(['id', 'name', 'email', 'password_hash'])
        .where('email', '=', email)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      // Without an influencer the password is still checked against a dummy hash, so the
      // answer's timing does not tell which e-mails are enrolled.
      const valid = influencer?.password_hash
        ? await verifyPassword(influencer.password_hash, password)
        : await verifyAgainstNothing(password);
      if (!influencer || !valid) throw new HttpError(401, M.invalidLogin);
      const { token } = await app.signToken({ id: influencer.id, role: 'influencer' });
      return {
        ok: true as const,
        token,
        influencer: {
          id: influencer.id,
          name: influencer.name ?? '',
          email: influencer.email ?? email,
        },
      };
    },
  });
};

function emailOf(body: unknown): string {
  return typeof body === 'object' &&
    body !== null &&
    'email' in body &&
    typeof body.email === 'string'
    ? body.email
    : '';
}
