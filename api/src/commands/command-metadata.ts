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
  return {
    actor: user ? `${user.role}:${user.id}` : 'anonymous',
    correlationId: request.id,
    causationId: null,
    now: new Date().toISOString(),
  };
}
