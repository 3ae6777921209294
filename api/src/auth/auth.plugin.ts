import { randomUUID } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthUser, type Role, sessionSubject, type TokenClaims } from './auth-token';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<TokenClaims, 'exp'>;
    /** Set only inside an authenticated context (auth-context.ts); undefined elsewhere. */
    user: AuthUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues a signed token for an account; `jti` is what logout revokes. */
    signToken(account: { id: string; role: Role }): Promise<{ token: string; jti: string }>;
  }
}

interface AuthPluginOptions {
  secret: string;
  /** A duration such as '7d' (JWT_EXPIRES_IN). */
  expiresIn: string;
}

/**
 * Registers @fastify/jwt for the whole app (public routes sign, authenticated contexts verify).
 * Verification itself lives only in auth-context.ts, on the contexts that need it, through
 * `app.jwt.verify`.
 */
const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, options) => {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256', expiresIn: options.expiresIn },
    // A verified token is remembered (fast-jwt's LRU, 1,000 tokens) until its own expiry, so
    // a session's next request skips the HMAC and the JSON parsing. Only the signature's
    // verdict is kept: whether the session was ended is asked on every request (auth-context).
    verify: { algorithms: ['HS256'], cache: true },
  });
  app.decorate('signToken', async (account: { id: string; role: Role }) => {
    const jti = randomUUID();
    // Read at issue time: a password change after this makes the token one generation behind.
    const gen = await app.revocations.generationOf(sessionSubject(account));
    const token = await app.jwt.sign({ sub: account.id, role: account.role, jti, gen });
    return { token, jti };
  });
};

export default fp(authPlugin, { name: 'auth', fastify: '5.x' });
