import { z } from 'zod';
import { healthDetailsSchema } from './health.endpoints';
import { pagingSchema } from './paging';
import { defineRoute } from './route';

/** A projection's event set aside after failing again and again. */
export const quarantinedEventSchema = z.object({
  id: z.string(),
  projection: z.string(),
  position: z.string(),
  eventId: z.string(),
  streamName: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  firstFailedAt: z.string(),
  lastFailedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** POST here to apply it again once its cause is fixed. */
  retryUrl: z.string(),
});
export type QuarantinedEventView = z.infer<typeof quarantinedEventSchema>;

export const adminHealthSchema = healthDetailsSchema.extend({
  quarantine: z.object({ count: z.number().int(), events: z.array(quarantinedEventSchema) }),
});

/** GET /admin/health: the read side's details; 503 with the same shape when down. */
export const getAdminHealthRoute = defineRoute({
  method: 'GET',
  path: '/admin/health',
  audience: 'admin',
  summary: 'Read the health of the database, event store and projections, with quarantined events',
  response: adminHealthSchema,
  downStatus: 503,
});

/** POST /admin/projections/quarantine/{id}/retry: 'resolved' (applied) or 'failed' again. */
export const retryQuarantinedEventRoute = defineRoute({
  method: 'POST',
  path: '/admin/projections/quarantine/:id/retry',
  audience: 'admin',
  summary: 'Apply a quarantined event again',
  params: z.object({ id: z.string().regex(/^[0-9]{1,18}$/, 'Not a quarantined event id.') }),
  response: z.object({
    status: z.enum(['resolved', 'failed']),
    event: quarantinedEventSchema,
    error: z.string().nullable(),
  }),
});

/** The id of a mail in the local outbox (file names, so nothing that could leave the folder). */
export const MAIL_ID_PATTERN = /^[A-Za-z0-9-]{1,100}$/;

export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/**
 * GET /admin/outbox?q&page&limit: the local outbox's messages, newest first; `q` keeps those
 * whose recipient contains it (any case). `total` counts the matches.
 */
export const listOutboxMessagesRoute = defineRoute({
  method: 'GET',
  path: '/admin/outbox',
  audience: 'admin',
  summary: 'List the mails of the local outbox, newest first, optionally by recipient',
  query: pagingSchema,
  response: z.object({ items: z.array(outboxMessageSchema), total: z.number().int() }),
});

/** One mail with both its parts, for the admin app to show (the HTML in a sandboxed frame). */
export const outboxMailSchema = outboxMessageSchema.extend({
  from: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** GET /admin/outbox/{id}/content: the mail's headers, text and HTML, as JSON. */
export const getOutboxMailRoute = defineRoute({
  method: 'GET',
  path: '/admin/outbox/:id/content',
  audience: 'admin',
  summary: 'Read one outbox mail: its headers, plain text and HTML',
  params: z.object({ id: z.string().regex(MAIL_ID_PATTERN) }),
  response: z.object({ item: outboxMailSchema }),
});

/** GET /admin/outbox/{id}: the message as an HTML page (a link target, not a JSON call). */
export const getOutboxMessageRoute = defineRoute({
  method: 'GET',
  path: '/admin/outbox/:id',
  audience: 'admin',
  summary: 'Show one outbox mail as an HTML page',
  params: z.object({ id: z.string().regex(MAIL_ID_PATTERN) }),
  response: z.string(),
});
