import type { CommandMetadata } from '@shortlist/domain';
import type { FastifyRequest } from 'fastify';

/**
 * Metadata for a command issued by an HTTP request: who (from the verified token, else
 * 'anonymous'), the request id as correlation id (one per outside request), and the time, read
 * here at the edge so deciders never read a clock.
 */
export function commandMetadataFor(request: FastifyRequest): CommandMetadata {
  // request.user is set only inside authenticated contexts (auth-context.ts).
  const user = request.user as FastifyRequest['user'] | undefined;
  return commandMetadata(user ? `${user.role}:${user.id}` : 'anonymous', new Date(), request.id);
}

/**
 * The one builder of command metadata: who, which outside request or run it belongs to, what
 * caused it, and the time of the decision. handleCommand turns it into each event's metadata
 * (eventMetadataFrom); readers take it back with storedEventMetadata.
 */
export function commandMetadata(
  actor: string,
  now: Date,
  correlationId: string,
  causationId: string | null = null,
): CommandMetadata {
  return { actor, correlationId, causationId, now: now.toISOString() };
}
