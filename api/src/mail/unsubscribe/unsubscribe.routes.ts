import { mailPreferencesDecider, mailPreferencesStreamName } from '@shortlist/domain';
import { MAIL_MESSAGES, showUnsubscribeRoute, unsubscribeRoute } from '@shortlist/domain/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../commands/command-metadata';
import { handleCommand } from '../../commands/handle-command';
import { contractRoute } from '../../shared/contract-route';
import { HttpError } from '../../shared/http-error';
import { unsubscribePage } from './unsubscribe-page';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** A one-click POST body is one short form field; anything longer is not one. */
const FORM_BODY_LIMIT = 1024;

/**
 * The unsubscribe link of reminder mails: GET shows a page with one button, POST records
 * `RemindersUnsubscribed` on the account's mail preferences (once; a second click changes
 * nothing) and says so. The signed token stands in for a sign-in.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (
  app,
  options,
) => {
  // RFC 8058 clients post `List-Unsubscribe=One-Click` as a form; the token in the URL is all
  // that matters, so the form's content is read (bounded) and dropped. Only in this context.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, _body, done) => done(null, undefined),
  );

  const userOf = (token: string): string => {
    const userId = verifyUnsubscribeToken(options.secret, token);
    if (userId === null) throw new HttpError(400, MAIL_MESSAGES.invalidUnsubscribeLink);
    return userId;
  };

  app.route({
    ...contractRoute(app, showUnsubscribeRoute, [400]),
    handler: async (request, reply) => {
      userOf(request.query.token);
      return sendPage(reply, unsubscribePage({ state: 'ask', token: request.query.token }));
    },
  });

  app.route({
    ...contractRoute(app, unsubscribeRoute, [400]),
    handler: async (request, reply) => {
      const userId = userOf(request.query.token);
      await handleCommand({
        store: app.store,
        streamName: mailPreferencesStreamName(userId),
        decider: mailPreferencesDecider,
        command: {
          type: 'UnsubscribeFromReminders',
          data: { userId },
          metadata: { ...commandMetadataFor(request), actor: `user:${userId}` },
        },
      });
      return sendPage(
        reply,
        unsubscribePage({ state: 'done', message: MAIL_MESSAGES.unsubscribed }),
      );
    },
  });
};

function sendPage(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    )
    .header('cache-control', 'no-store')
    .send(html);
}
