import { z } from 'zod';
import { MAIL_ID_PATTERN } from './admin-ops.endpoints';
import { defineRoute } from './route';

/**
 * GET /dev/outbox/{id}: a mail of the local outbox as an HTML page, the target of a forgot
 * answer's devPreviewUrl. Served only under MAIL_PREVIEW_LINKS (development, loopback).
 */
export const getDevOutboxMessageRoute = defineRoute({
  method: 'GET',
  path: '/dev/outbox/:id',
  audience: 'public',
  summary: 'Show an outbox mail as an HTML page (development preview links only)',
  params: z.object({ id: z.string().regex(MAIL_ID_PATTERN) }),
  response: z.string(),
});
