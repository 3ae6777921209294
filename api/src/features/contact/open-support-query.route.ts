import { randomUUID } from 'node:crypto';
import { queryDecider, queryStreamName } from '@shortlist/domain';
import { CONTACT_MESSAGES, openContactQueryRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../commands/command-metadata';
import { handleCommand } from '../../commands/handle-command';
import { contractRoute } from '../../shared/contract-route';
import { HttpError } from '../../shared/http-error';

export interface OpenSupportQueryRouteOptions {
  /** Queries per client IP per window. Default 5 per minute: a person writes one. */
  limit?: { max: number; timeWindowMs: number };
}

/** POST /queries: a Contact-page message to support (public: visitors have no account). */
export const openSupportQueryRoute: FastifyPluginAsyncZod<OpenSupportQueryRouteOptions> = async (
  app,
  options,
) => {
  const limit = options.limit ?? { max: 5, timeWindowMs: 60_000 };
  app.route({
    ...contractRoute(app, openContactQueryRoute, [400, 429]),
    config: {
      rateLimit: {
        max: limit.max,
        timeWindow: limit.timeWindowMs,
        // After validation: a refused form costs no attempt.
        hook: 'preHandler',
        keyGenerator: (request) => request.ip,
        errorResponseBuilder: () => new HttpError(429, CONTACT_MESSAGES.tooManyAttempts),
      },
    },
    handler: async (request, reply) => {
      const queryId = randomUUID();
      // Nobody reads the query back in this request (the admin list does, later), so there is
      // no wait for the read model here.
      await handleCommand({
        store: app.store,
        streamName: queryStreamName(queryId),
        decider: queryDecider,
        command: {
          type: 'OpenQuery',
          data: { queryId, ...request.body },
          metadata: commandMetadataFor(request),
        },
      });
      return reply.code(201).send({ message: CONTACT_MESSAGES.received });
    },
  });
};
