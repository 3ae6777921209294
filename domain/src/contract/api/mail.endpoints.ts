import { z } from 'zod';
import { defineRoute } from './route';

/** What an unsubscribe page says (SPEC has no words for it; these are ours). */
export const MAIL_MESSAGES = {
  invalidUnsubscribeLink:
    'This unsubscribe link is not valid. Use the link in your latest reminder.',
  unsubscribed: 'You are unsubscribed from reminder mails.',
} as const;

/** The signed token of an unsubscribe link: `{account id}.{signature}`, bounded. */
const unsubscribeQuery = z.object({
  token: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[A-Za-z0-9_.-]+$/, { message: MAIL_MESSAGES.invalidUnsubscribeLink }),
});

/**
 * GET /mail/unsubscribe?token=…: the page a reminder's unsubscribe link opens, with one button.
 * A GET never unsubscribes: mail scanners follow links.
 */
export const showUnsubscribeRoute = defineRoute({
  method: 'GET',
  path: '/mail/unsubscribe',
  audience: 'public',
  summary: 'Show the page that unsubscribes from reminder mails (an HTML page)',
  query: unsubscribeQuery,
  response: z.string(),
});

/**
 * POST /mail/unsubscribe?token=…: unsubscribes from reminder mails. The page's button posts
 * here, and so does a mail client's own button (List-Unsubscribe-Post, RFC 8058: a form body
 * `List-Unsubscribe=One-Click`). Answers an HTML page.
 */
export const unsubscribeRoute = defineRoute({
  method: 'POST',
  path: '/mail/unsubscribe',
  audience: 'public',
  summary: 'Unsubscribe from reminder mails in one click (RFC 8058; answers an HTML page)',
  query: unsubscribeQuery,
  response: z.string(),
});
