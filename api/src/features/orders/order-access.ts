import { ORDER_MESSAGES } from '@shortlist/domain';
import { type Database, type OrderRow, selectPrepared } from '@shortlist/projections';
import DataLoader from 'dataloader';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { MESSAGES } from '../../auth/auth-token';
import { BATCH_ONLY } from '../../shared/batch-only';
import { HttpError } from '../../shared/http-error';
import { ORDER_ROUTE_MESSAGES } from './orders.messages';

export type OrderAccess = 'read' | 'change';

/**
 * The order `id` as the caller may see it (ARCHITECTURE.md: every customer route checks
 * ownership): 404 when there is no such order, 403 when it is someone else's. Admins may read
 * any order (they deliver the work); changing one (delete, currency) stays with its owner, as
 * the Order decider also insists.
 */
export async function orderFor(
  app: FastifyInstance,
  request: FastifyRequest,
  orderId: string,
  access: OrderAccess,
): Promise<OrderRow> {
  const row = await app.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (row === undefined) throw new HttpError(404, ORDER_MESSAGES.notFound);
  const { user } = request;
  const mayRead = row.user_id === user.id || (access === 'read' && user.role === 'admin');
  if (!mayRead) throw new HttpError(403, MESSAGES.forbidden);
  return row;
}

/**
 * The caller's e-mail as the users read model has it: orders copy it from there, never from a
 * request body. An account that is unknown or erased cannot act (401, as a stale session).
 */
export async function callerEmail(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const email = await emailsOf(app.db).load(request.user.id);
  if (email === null) throw new HttpError(401, ORDER_ROUTE_MESSAGES.accountNotFound);
  return email;
}

/**
 * The users' e-mails asked in one turn of the event loop, read in one query (DataLoader
 * batches; no cache: an erasure must show at once). One loader per database.
 */
const emailLoaders = new WeakMap<Kysely<Database>, DataLoader<string, string | null>>();

function emailsOf(db: Kysely<Database>): DataLoader<string, string | null> {
  let loader = emailLoaders.get(db);
  if (loader === undefined) {
    loader = new DataLoader(async (ids) => {
      // One statement text whatever the batch's size (`in (…)` would make one per size).
      const rows = await selectPrepared(
        db,
        sql<{ id: string; email: string | null }>`
          select id, email from users where id = any(${[...ids]}::text[])`.compile(db),
      );
      const emails = new Map(rows.map((row) => [row.id, row.email]));
      return ids.map((id) => emails.get(id) ?? null);
    }, BATCH_ONLY);
    emailLoaders.set(db, loader);
  }
  return loader;
}
