import { QUERY_MESSAGES } from '@shortlist/domain';
import type { QueryRow } from '@shortlist/projections';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../../auth/auth-token';

/**
 * SPEC §3 "Stored query", as the admin Queries screen reads it. `_id` is the spec's name; `id`
 * is the same value, as Orders carry both `id` and `orderId`. Personal fields are null once the
 * query's stream is crypto-shredded.
 */
export const queryItemSchema = z.object({
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
export type QueryItem = z.infer<typeof queryItemSchema>;

export function toQueryItem(row: QueryRow): QueryItem {
  return {
    _id: row.id,
    id: row.id,
    pid: row.pid,
    email: row.email,
    message: row.message,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    replies: row.replies,
  };
}

/** A query the admin can see: deleted ones are gone (404), as the decider says. */
export async function findQueryRow(app: FastifyInstance, queryId: string): Promise<QueryRow> {
  const row = await app.db
    .selectFrom('queries')
    .selectAll()
    .where('id', '=', queryId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (row === undefined) throw new HttpError(404, QUERY_MESSAGES.notFound);
  return row;
}
