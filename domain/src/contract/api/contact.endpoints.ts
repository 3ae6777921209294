import { z } from 'zod';
import { QUERY_MESSAGES } from '../../index';
import { multiLineText, singleLineText } from '../text';
import { defineRoute, messageSchema } from './route';

export const CONTACT_MESSAGES = {
  received: 'We have received your query and will get back to you ASAP.',
  emailAndMessageRequired: QUERY_MESSAGES.emailAndMessageRequired,
  invalidEmail: 'Please enter a valid email address.',
  messageTooLong: 'Your message is too long (at most 5000 characters).',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

// The contract's text (contract/text.ts): only the message may span lines.
const field = (max: number, tooLong: string, text = singleLineText) =>
  text()
    .max(max, tooLong)
    .nullish()
    .transform((value) => value?.trim() ?? '');

/**
 * POST /queries: a Contact-page message to support (public: visitors have no account). SPEC §3:
 * the form sends pid (the Profile ID, blank for a visitor), contactemail and contactmessage.
 * One message per request, the first rule broken.
 */
export const openContactQueryRoute = defineRoute({
  method: 'POST',
  path: '/queries',
  audience: 'public',
  summary: 'Send a message to support from the Contact page',
  status: 201,
  body: z
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
      if (!z.email().safeParse(body.contactemail).success) {
        return fail(CONTACT_MESSAGES.invalidEmail);
      }
      return {
        pid: body.pid || null,
        email: body.contactemail.toLowerCase(),
        message: body.contactmessage,
      };
    }),
  response: messageSchema,
});
