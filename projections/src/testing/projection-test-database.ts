import { createTestDatabase } from '@shortlist/eventstore/testing';
import type { Kysely } from 'kysely';
import { createKysely, type Database } from '../database';
import { migrateToLatest } from '../migrations/migrate';

export interface ProjectionTestDatabase {
  url: string;
  name: string;
  /** Migrated to the latest read-model schema. */
  db: Kysely<Database>;
  /** Destroys `db` and drops the database. */
  drop(): Promise<void>;
}

/** A fresh database with the read-model migrations applied by the real migrator. */
export async function createProjectionTestDatabase(
  prefix = 'proj',
): Promise<ProjectionTestDatabase> {
  const database = await createTestDatabase(prefix);
  const db = createKysely({ connectionString: database.url, poolMax: 5 });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await database.drop();
    throw error;
  }
  return {
    url: database.url,
    name: database.name,
    db,
    async drop() {
      await db.destroy();
      await database.drop();
    },
  };
}
