import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../shared/http-error';
import { MESSAGES, type Role, sessionSubject, tokenClaimsSchema } from './auth-token';

/**
 * Auth is an encapsulation context (STYLE.md): public and authenticated routes are sibling
 * plugins and the verifying hook exists only inside the authenticated one, so a route is
 * protected by where it is registered, never by a test on its URL.
 *
 *   api.register(publicRoutes);
 *   api.register(customerContext(customerRoutes));
 *   api.register(adminContext(adminRoutes), { prefix: '/admin' });
 *   api.register(influencerContext(influencerRoutes), { prefix: '/influencer' });
 */
export function authenticatedContext(
  roles: readonly Role[],
  routes: FastifyPluginAsyncZod | FastifyPluginAsync,
): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      await authenticate(request, roles);
    });
    await app.register(routes);
  };
}

/** Customer routes: signed-in users; admins too, since they act on customers' orders. */
export const customerContext = (routes: FastifyPluginAsyncZod | FastifyPluginAsync) =>
  authenticatedContext(['user', 'admin'], routes);

export const adminContext = (routes: FastifyPluginAsyncZod | FastifyPluginAsync) =>
  authenticatedContext(['admin'], routes);

export const influencerContext = (routes: FastifyPluginAsyncZod | FastifyPluginAsync) =>
  authenticatedContext(['influencer'], routes);

/** The token of an `Authorization: Bearer <token>` header, as @fastify/jwt reads it. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined || !/^Bearer\s/i.test(header)) return null;
  const parts = header.split(' ');
  return parts.length === 2 && parts[1] ? parts[1] : null;
}

async function authenticate(request: FastifyRequest, roles: readonly Role[]): Promise<void> {
  const token = bearerToken(request);
  if (token === null) throw new HttpError(401, MESSAGES.unauthenticated);
  let decoded: unknown;
  try {
    // Signature, algorithm and expiry are checked here, on the server, on every request (a
    // token verified before is answered from the verifier's cache until it expires). The
    // verifier directly: request.jwtVerify() decodes the token a second time and merges its
    // options on every call, for the same answer.
    decoded = request.server.jwt.verify(token);
  } catch {
    throw new HttpError(401, MESSAGES.unauthenticated);
  }
  const claims = tokenClaimsSchema.safeParse(decoded);
  if (!claims.success) throw new HttpError(401, MESSAGES.unauthenticated);
  // Logged out, or issued before the account's password last changed.
  const rejected = await request.server.revocations.isRejected({
    jti: claims.data.jti,
    subject: sessionSubject({ id: claims.data.sub, role: claims.data.role }),
    generation: claims.data.gen,
  });
  if (rejected) {
    throw new HttpError(401, MESSAGES.unauthenticated);
  }
  request.user = {
    id: claims.data.sub,
    role: claims.data.role,
    jti: claims.data.jti,
    expiresAt: new Date(claims.data.exp * 1000),
  };
  if (!roles.includes(claims.data.role)) throw new HttpError(403, MESSAGES.forbidden);
}
