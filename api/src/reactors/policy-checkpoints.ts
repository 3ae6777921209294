import type { Position } from '@shortlist/eventstore';
import { createKysely, readReactorCheckpoint } from '@shortlist/projections';
import type pg from 'pg';

/**
 * Where a policy has got to in the global order (null = before the first event). The table is a
 * read-model migration (`reactor_checkpoints`), apart from the projections' checkpoints, which
 * read-model maintenance resets.
 */
export async function readPolicyCheckpoint(pool: pg.Pool, name: string): Promise<Position | null> {
  // A Kysely over the caller's pool; not destroyed here, since that would end the caller's pool.
  return readReactorCheckpoint(createKysely({ pool }), name);
}
