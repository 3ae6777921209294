import DataLoader from 'dataloader';
import { type QueryExecutorProvider, sql } from 'kysely';
import { BATCH_ONLY } from '../shared/batch-only';

/**
 * When a session ends before its token expires (ARCHITECTURE.md). Session concerns, not business
 * facts, so they live in tables and not in the event store:
 *
 * - logout revokes one token: its id (`jti`) is remembered until the token would have expired;
 * - a credential change (password reset, an admin setting an influencer's password) ends every
 *   session of the account: the account's credential generation goes up, every token carries the
 *   generation it was issued under (`gen`), and a token of an older generation is refused.
 *   A counter, not a time: a token issued in the same second (or millisecond) right after the
 *   change carries the new generation and works, one issued before it never does, whatever the
 *   clocks of the API processes say.
 */
export interface TokenRevocations {
  revoke(jti: string, expiresAt: Date): Promise<void>;
  /** Ends every session of `subject` (see sessionSubject) issued so far. */
  endSessionsOf(subject: string): Promise<void>;
  /** The generation a token issued now carries; 0 until the credentials first change. */
  generationOf(subject: string): Promise<number>;
  /**
   * Revoked, or issued before a credential change. The checks of requests arriving together
   * are asked in one query (DataLoader batches what one turn of the event loop collects).
   */
  isRejected(token: { jti: string; subject: string; generation: number }): Promise<boolean>;
}

export function createPostgresTokenRevocations(db: QueryExecutorProvider): TokenRevocations {
  const rejections = rejectionsLoader(db);
  return {
    async revoke(jti, expiresAt) {
      await sql`INSERT INTO api.revoked_tokens (jti, expires_at) VALUES (${jti}, ${expiresAt})
        ON CONFLICT (jti) DO NOTHING`.execute(db);
      // Expired tokens fail verification on their own; forgetting them keeps the table small.
      await sql`DELETE FROM api.revoked_tokens WHERE expires_at < now()`.execute(db);
    },
    async endSessionsOf(subject) {
      await sql`INSERT INTO api.credential_generations (subject, generation, changed_at)
        VALUES (${subject}, 1, now())
        ON CONFLICT (subject) DO UPDATE
        SET generation = api.credential_generations.generation + 1, changed_at = now()`.execute(db);
    },
    async generationOf(subject) {
      const result = await sql<{ generation: string }>`SELECT generation
        FROM api.credential_generations WHERE subject = ${subject}`.execute(db);
      return Number(result.rows[0]?.generation ?? 0);
    },
    isRejected: (token) => rejections.load(token),
  };
}

type TokenCheck = { jti: string; subject: string; generation: number };

/** One statement for a batch of checks, answered in the order asked. */
function rejectionsLoader(db: QueryExecutorProvider) {
  return new DataLoader<TokenCheck, boolean>(async (tokens) => {
    const result = await sql<{ i: string; rejected: boolean }>`SELECT t.i,
        EXISTS (SELECT 1 FROM api.revoked_tokens r WHERE r.jti = t.jti)
        OR COALESCE((SELECT g.generation FROM api.credential_generations g
          WHERE g.subject = t.subject), 0) > t.generation AS rejected
        FROM unnest(${tokens.map((token) => token.jti)}::text[],
          ${tokens.map((token) => token.subject)}::text[],
          ${tokens.map((token) => token.generation)}::int[])
          WITH ORDINALITY AS t(jti, subject, generation, i)`.execute(db);
    const rejected = new Map(result.rows.map((row) => [Number(row.i), row.rejected]));
    return tokens.map((_, index) => rejected.get(index + 1) === true);
  }, BATCH_ONLY);
}
