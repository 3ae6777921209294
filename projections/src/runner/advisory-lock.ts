import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';

/**
 * One runner process at a time per projection: a session-level advisory lock keyed on the
 * projection's name, held on the very connection that writes the projection's batches. If that
 * connection dies, PostgreSQL releases the lock and a stand-by takes over, and the dead runner
 * cannot write any more because its writes travelled on the same connection.
 */
const NAMESPACE = 'shortlist.projections';

export async function tryLockProjection(conn: Kysely<Database>, name: string): Promise<boolean> {
  const result = await sql<{ locked: boolean }>`
    select pg_try_advisory_lock(hashtext(${NAMESPACE}), hashtext(${name})) as locked
  `.execute(conn);
  return result.rows[0]?.locked === true;
}

export async function unlockProjection(conn: Kysely<Database>, name: string): Promise<void> {
  await sql`select pg_advisory_unlock(hashtext(${NAMESPACE}), hashtext(${name}))`.execute(conn);
}
