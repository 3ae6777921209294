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

/** Keys a writer remembers (see sealingKeys below); about 100 bytes each. */
const SEALING_KEYS_KEPT = 10_000;

export function createPostgresKeyVault(pool: pg.Pool): KeyVault {
  // The keys this process sealed with lately, so the second event of a stream (an order paid
  // after it was placed) costs no lookup. Only for sealing: a key erased by another process
  // may still be used here, and what it seals can never be opened again (its key is gone
  // from the vault), which is what erasure promises. Opening always asks the vault.
  const sealingKeys = new Map<string, Buffer>();
  const rememberSealingKey = (subject: string, key: Buffer) => {
    sealingKeys.delete(subject);
    sealingKeys.set(subject, key);
    if (sealingKeys.size > SEALING_KEYS_KEPT) {
      const oldest = sealingKeys.keys().next().value;
      if (oldest !== undefined) sealingKeys.delete(oldest);
    }
  };

  async function selectKeys(subjects: readonly string[], keys: Map<string, Buffer | null>) {
    const { rows } = await pool.query<{ subject: string; key: Buffer | null }>(
      'SELECT subject, key FROM personal_data_keys WHERE subject = ANY($1::text[])',
      [subjects],
    );
    for (const row of rows) keys.set(row.subject, row.key);
  }

  /** Creates missing keys: one statement when none of them is raced or erased. */
  async function createKeys(subjects: readonly string[], keys: Map<string, Buffer | null>) {
    const missing = subjects.filter((subject) => {
      const known = sealingKeys.get(subject);
      if (known !== undefined) keys.set(subject, known);
      return known === undefined;
    });
    if (missing.length === 0) return;
    // ON CONFLICT keeps the first key when writers race; RETURNING answers the keys made here.
    const { rows } = await pool.query<{ subject: string; key: Buffer }>(
      `INSERT INTO personal_data_keys (subject, key)
       SELECT s, k FROM unnest($1::text[], $2::bytea[]) AS t(s, k)
       ON CONFLICT (subject) DO NOTHING
       RETURNING subject, key`,
      [missing, missing.map(() => randomBytes(32))],
    );
    for (const row of rows) keys.set(row.subject, row.key);
    // A subject that already had a row (another writer's key, or an erased one) is read after
    // the insert, in a statement of its own, so it sees the row the conflict was with.
    const existing = missing.filter((subject) => !keys.has(subject));
    if (existing.length > 0) await selectKeys(existing, keys);
    for (const subject of missing) {
      const key = keys.get(subject);
      if (key) rememberSealingKey(subject, key);
    }
  }

  return {
    async keysFor(subjects, { create }) {
      const unique = [...new Set(subjects)];
      const keys = new Map<string, Buffer | null>();
      if (unique.length === 0) return keys;
      if (create) await createKeys(unique, keys);
      else await selectKeys(unique, keys);
      return keys;
    },
    async erase(subject, at) {
      sealingKeys.delete(subject);
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
