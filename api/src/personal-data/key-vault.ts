import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * One AES-256 key per subject (an event stream), kept in PostgreSQL outside the event store.
 * Erasing a subject deletes its key for good; the row stays (key NULL, erased_at set) so that
 * nothing written to that stream later can quietly get a fresh, readable key.
 */
export interface KeyVault {
  /** Keys of the given subjects; created for subjects that have none yet. null = erased. */
  keysFor(
    subjects: readonly string[],
    options: { create: boolean },
  ): Promise<Map<string, Buffer | null>>;
  erase(subject: string, at: string): Promise<void>;
  isErased(subject: string): Promise<boolean>;
}

export function createPostgresKeyVault(pool: pg.Pool): KeyVault {
  return {
    async keysFor(subjects, { create }) {
      const unique = [...new Set(subjects)];
      const keys = new Map<string, Buffer | null>();
      if (unique.length === 0) return keys;
      if (create) {
        // One statement for the whole batch; ON CONFLICT keeps the first key when writers race.
        await pool.query(
          `INSERT INTO personal_data_keys (subject, key)
           SELECT s, k FROM unnest($1::text[], $2::bytea[]) AS t(s, k)
           ON CONFLICT (subject) DO NOTHING`,
          [unique, unique.map(() => randomBytes(32))],
        );
      }
      const { rows } = await pool.query<{ subject: string; key: Buffer | null }>(
        'SELECT subject, key FROM personal_data_keys WHERE subject = ANY($1::text[])',
        [unique],
      );
      for (const row of rows) keys.set(row.subject, row.key);
      return keys;
    },
    async erase(subject, at) {
      await pool.query(
        `INSERT INTO personal_data_keys (subject, key, erased_at) VALUES ($1, NULL, $2)
         ON CONFLICT (subject) DO UPDATE SET key = NULL, erased_at = COALESCE(personal_data_keys.erased_at, $2)`,
        [subject, at],
      );
    },
    async isErased(subject) {
      const { rows } = await pool.query<{ erased: boolean }>(
        'SELECT erased_at IS NOT NULL AS erased FROM personal_data_keys WHERE subject = $1',
        [subject],
      );
      return rows[0]?.erased ?? false;
    },
  };
}
