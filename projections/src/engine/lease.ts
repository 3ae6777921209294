import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';

/**
 * Lease namespaces: a projection and a reactor of the same name never share a lease. The
 * reactors' value keeps the word they were once called by: a process of the previous release
 * still running during a deploy must contend for the same locks.
 */
export const PROJECTION_LEASES = 'shortlist.projections';
export const REACTOR_LEASES = 'shortlist.policies';

/**
 * The lease: a session-level advisory lock on the very connection that writes the checkpoint.
 * If that connection dies, PostgreSQL releases the lock and a stand-by takes over, and the dead
 * holder cannot write any more because its writes travelled on the same connection.
 */
export async function tryLease(
  conn: Kysely<Database>,
  namespace: string,
  name: string,
): Promise<boolean> {
  const result = await sql<{ locked: boolean }>`
    select pg_try_advisory_lock(hashtext(${namespace}), hashtext(${name})) as locked
  `.execute(conn);
  return result.rows[0]?.locked === true;
}

export async function releaseLease(
  conn: Kysely<Database>,
  namespace: string,
  name: string,
): Promise<void> {
  await sql`select pg_advisory_unlock(hashtext(${namespace}), hashtext(${name}))`.execute(conn);
}
