import { QUERY_MESSAGES } from '@shortlist/domain';
import type { SupportQuery } from '@shortlist/domain/contract';
import type { SupportQueryRow } from '@shortlist/projections';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../../shared/http-error';

export function toSupportQueryItem(row: SupportQueryRow): SupportQuery {
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
export async function findSupportQueryRow(
  app: FastifyInstance,
  queryId: string,
): Promise<SupportQueryRow> {
  const row = await app.db
    .selectFrom('queries')
    .selectAll()
    .where('id', '=', queryId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (row === undefined) throw new HttpError(404, QUERY_MESSAGES.notFound);
  return row;
}
