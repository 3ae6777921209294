import type { Position } from '@shortlist/eventstore';
import type pg from 'pg';

/**
 * Where each policy has got to in the global order. Its own table in the api's schema: the
 * projections' checkpoints are rebuilt and reset by read-model maintenance, which must never
 * make a policy re-issue (or skip) commands.
 */
export async function migratePolicyCheckpoints(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Several processes may start at once; the lock keeps CREATE IF NOT EXISTS from racing.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('api:policy_checkpoints'))`);
    await client.query('CREATE SCHEMA IF NOT EXISTS api');
    await client.query(`CREATE TABLE IF NOT EXISTS api.policy_checkpoints (
      name text PRIMARY KEY,
      position text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

type Queryable = Pick<pg.Pool, 'query'>;

/** The stored position (null = before the first event), creating the row when missing. */
export async function readPolicyCheckpoint(db: Queryable, name: string): Promise<Position | null> {
  await db.query(
    'INSERT INTO api.policy_checkpoints (name, position) VALUES ($1, NULL) ON CONFLICT (name) DO NOTHING',
    [name],
  );
  const result = await db.query<{ position: string | null }>(
    'SELECT position FROM api.policy_checkpoints WHERE name = $1',
    [name],
  );
  return result.rows[0]?.position ?? null;
}

/** Moves the checkpoint forward (never back: a late writer cannot undo a newer one). */
export async function advancePolicyCheckpoint(
  db: Queryable,
  name: string,
  position: Position,
): Promise<void> {
  await db.query(
    `UPDATE api.policy_checkpoints SET position = $2, updated_at = now()
      WHERE name = $1 AND (position IS NULL OR position < $2)`,
    [name, position],
  );
}
