import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../auth/auth-token';
import { HttpError } from '../../shared/http-error';
import { activeInfluencer } from '../../shared/influencers/influencer-read';

/**
 * The caller's own influencer row. A token outlives a removal (JWTs are not recalled), so every
 * influencer route checks the influencer still exists: a removed one is logged out.
 */
export async function currentInfluencer(app: FastifyInstance, request: FastifyRequest) {
  const influencer = await activeInfluencer(app.db, request.user.id);
  if (influencer === undefined) throw new HttpError(401, MESSAGES.unauthenticated);
  return influencer;
}
