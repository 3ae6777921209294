import { randomBytes } from 'node:crypto';
import DataLoader from 'dataloader';
import type pg from 'pg';
import { BATCH_ONLY } from '../shared/batch-only';

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
  /**
   * A key made outside the vault and stored with the first append that used it (the event
   * store's side row, PERSONAL_DATA_KEY_ROWS): remembered for sealing as one made here would be.
   */
  adopt(subject: string, key: Buffer): void;
}

/**
 * The vault's table as the PostgreSQL event store's side-row table: a new stream's key is then
 * inserted in its first append's transaction (encrypting-event-store.ts).
 */
export const PERSONAL_DATA_KEY_ROWS = {
  table: 'personal_data_keys',
  keyColumn: 'subject',
  valueColumn: 'key',
} as const;

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

  /**
   * Makes the keys of subjects this process does not remember: one statement when none of them
   * is raced or erased, and one for all the writers that ask in the same turn of the event loop
   * (DataLoader batches them), answered in the order asked.
   */
  const keyMaker = new DataLoader<string, Buffer | null>(async (subjects) => {
    const keys = new Map<string, Buffer | null>();
    await makeKeys(subjects, keys);
    return subjects.map((subject) => keys.get(subject) ?? null);
  }, BATCH_ONLY);

  async function createKeys(subjects: readonly string[], keys: Map<string, Buffer | null>) {
    const made = await Promise.all(
      subjects.map((subject) => sealingKeys.get(subject) ?? keyMaker.load(subject)),
    );
    for (const [index, subject] of subjects.entries()) keys.set(subject, made[index] ?? null);
  }

  async function makeKeys(subjects: readonly string[], keys: Map<string, Buffer | null>) {
    const missing = [...new Set(subjects)];
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
    adopt: rememberSealingKey,
    async isErased(subject) {
      const { rows } = await pool.query<{ erased: boolean }>(
        'SELECT erased_at IS NOT NULL AS erased FROM personal_data_keys WHERE subject = $1',
        [subject],
      );
      return rows[0]?.erased ?? false;
    },
  };
}
