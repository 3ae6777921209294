import { randomUUID } from 'node:crypto';
import {
  multiLineText,
  QUERY_MESSAGES,
  queryDecider,
  queryStreamName,
  singleLineText,
} from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../auth/auth-token';
import { commandMetadataFor } from '../../commands/command-metadata';
import { handleCommand } from '../../commands/handle-command';

export const CONTACT_MESSAGES = {
  received: 'We have received your query and will get back to you ASAP.',
  emailAndMessageRequired: QUERY_MESSAGES.emailAndMessageRequired,
  invalidEmail: 'Please enter a valid email address.',
  messageTooLong: 'Your message is too long (at most 5000 characters).',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

export interface OpenQueryRouteOptions {
  /** Queries per client IP per window. Default 5 per minute: a person writes one. */
  limit?: { max: number; timeWindowMs: number };
}

// The contract's text (contract/text.ts): only the message may span lines.
const field = (max: number, tooLong: string, text = singleLineText) =>
  text()
    .max(max, tooLong)
    .nullish()
    .transform((value) => value?.trim() ?? '');

// SPEC §3: the Contact form sends pid (the Profile ID, blank for a visitor), contactemail and
// contactmessage. One message per request, the first rule broken.
const bodySchema = z
  .object({
    pid: field(100, 'The Profile ID is too long.'),
    contactemail: field(254, CONTACT_MESSAGES.invalidEmail),
    contactmessage: field(5000, CONTACT_MESSAGES.messageTooLong, multiLineText),
  })
  .transform((body, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (body.contactemail === '' || body.contactmessage === '') {
      return fail(CONTACT_MESSAGES.emailAndMessageRequired);
    }
    if (!z.email().safeParse(body.contactemail).success) return fail(CONTACT_MESSAGES.invalidEmail);
    return {
      pid: body.pid || null,
      email: body.contactemail.toLowerCase(),
      message: body.contactmessage,
    };
  });

const messageSchema = z.object({ message: z.string() });

/** POST /queries: a Contact-page message to support (public: visitors have no account). */
export const openQueryRoute: FastifyPluginAsyncZod<OpenQueryRouteOptions> = async (
  app,
  options,
) => {
  const limit = options.limit ?? { max: 5, timeWindowMs: 60_000 };
  app.post(
    '/queries',
    {
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
      schema: {
        body: bodySchema,
        response: { 201: messageSchema, 400: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
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
  );
};
