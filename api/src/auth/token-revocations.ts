import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

/**
 * Logout revokes the token (ARCHITECTURE.md): its id (`jti`) is remembered until the token would
 * have expired anyway. A session concern, not a business fact, so it lives in a table and not in
 * the event store.
 */
export interface TokenRevocations {
  revoke(jti: string, expiresAt: Date): Promise<void>;
  isRevoked(jti: string): Promise<boolean>;
}

/** Owned by the api package; the read models' migrations never touch this schema. */
export async function migrateTokenRevocations<DB>(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Several API processes may start at once; the lock keeps CREATE IF NOT EXISTS from racing
    // on the catalogue.
    await sql`SELECT pg_advisory_xact_lock(hashtext('api:token_revocations'))`.execute(trx);
    await sql`CREATE SCHEMA IF NOT EXISTS api`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS api.revoked_tokens (
      jti text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    )`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS revoked_tokens_expires_at_idx
      ON api.revoked_tokens (expires_at)`.execute(trx);
  });
}

export function createPostgresTokenRevocations(db: QueryExecutorProvider): TokenRevocations {
  return {
    async revoke(jti, expiresAt) {
      await sql`INSERT INTO api.revoked_tokens (jti, expires_at) VALUES (${jti}, ${expiresAt})
        ON CONFLICT (jti) DO NOTHING`.execute(db);
      // Expired tokens fail verification on their own; forgetting them keeps the table small.
      await sql`DELETE FROM api.revoked_tokens WHERE expires_at < now()`.execute(db);
    },
    async isRevoked(jti) {
      const result = await sql<{ found: number }>`SELECT 1 AS found FROM api.revoked_tokens
        WHERE jti = ${jti}`.execute(db);
      return result.rows.length > 0;
    },
  };
}
