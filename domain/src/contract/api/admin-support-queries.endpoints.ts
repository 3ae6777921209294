import { z } from 'zod';
import { DEFAULT_REPLY_SUBJECT } from '../../index';
import { multiLineText, singleLineText } from '../text';
import { ADMIN_MESSAGES } from './admin.messages';
import { pageOf, pagingSchema } from './paging';
import { idParamsSchema } from './params';
import { defineRoute, messageSchema } from './route';

/**
 * SPEC §3 "Stored query" (a Contact page message), as the admin Queries screen reads it. `_id`
 * is the spec's name; `id` is the same value, as Orders carry both `id` and `orderId`. Personal
 * fields are null once the query's stream is crypto-shredded.
 */
export const supportQuerySchema = z.object({
  _id: z.string(),
  id: z.string(),
  pid: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
  replies: z.array(
    z.object({
      at: z.string(),
      by: z.string(),
      to: z.string().nullable(),
      subject: z.string().nullable(),
      body: z.string().nullable(),
      sendOk: z.boolean(),
      previewUrl: z.string().nullable(),
    }),
  ),
});
export type SupportQuery = z.infer<typeof supportQuerySchema>;

/** GET /admin/queries: search on the e-mail, the message, the profile id or the query id. */
export const listSupportQueriesRoute = defineRoute({
  method: 'GET',
  path: '/admin/queries',
  audience: 'admin',
  summary: 'List contact queries, searched by id, e-mail, message or profile id',
  query: pagingSchema.extend({
    // The screen asks for sort=-createdAt (newest first); oldest first is the only other order.
    sort: z.enum(['-createdAt', 'createdAt']).default('-createdAt'),
  }),
  response: pageOf(supportQuerySchema),
});

export const getSupportQueryRoute = defineRoute({
  method: 'GET',
  path: '/admin/queries/:id',
  audience: 'admin',
  summary: 'Read one contact query with its replies',
  params: idParamsSchema,
  response: z.object({ item: supportQuerySchema }),
});

/** Deleting an already deleted query still answers Deleted; one that never existed is 404. */
export const deleteSupportQueryRoute = defineRoute({
  method: 'DELETE',
  path: '/admin/queries/:id',
  audience: 'admin',
  summary: 'Delete a contact query',
  params: idParamsSchema,
  response: messageSchema,
});

/**
 * POST /admin/queries/{id}/reply: e-mails the reply to the query's address and records it;
 * `close` (Send & Close) closes the query. SPEC §5: subject and body are trimmed, the body must
 * not be blank, a blank subject becomes the default.
 */
export const replySupportQueryRoute = defineRoute({
  method: 'POST',
  path: '/admin/queries/:id/reply',
  audience: 'admin',
  summary: 'Reply to a contact query by e-mail, optionally closing it',
  params: idParamsSchema,
  body: z.object({
    subject: singleLineText()
      .max(300, 'The subject is too long.')
      .nullish()
      .transform((value) => value?.trim() || DEFAULT_REPLY_SUBJECT),
    body: multiLineText({ error: ADMIN_MESSAGES.replyRequired })
      .max(20_000, 'The reply is too long.')
      .trim()
      .min(1, ADMIN_MESSAGES.replyRequired),
    close: z.boolean().default(false),
  }),
  response: z.object({ message: z.string(), item: supportQuerySchema }),
});
