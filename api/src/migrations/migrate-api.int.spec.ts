import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { createKysely } from '@shortlist/projections';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresTokenRevocations } from '../auth/token-revocations';
import { createPostgresKeyVault } from '../personal-data/key-vault';
import { migrateApiTables } from './migrate-api';

let database: TestDatabase | null = null;

afterEach(async () => {
  await database?.drop();
  database = null;
});

describe('api tables as Kysely migrations', () => {
  it('creates the key vault and session tables on an empty database, once under concurrent starts', async () => {
    database = await createTestDatabase('apimig');
    const dbs = [0, 1, 2].map(() => createKysely({ connectionString: database?.url ?? '' }));
    try {
      await Promise.all(dbs.map((db) => migrateApiTables(db)));
      const [db] = dbs;
      if (!db) throw new Error('no database');
      const applied = await sql<{
        name: string;
      }>`SELECT name FROM api_migrations ORDER BY name`.execute(db);
      expect(applied.rows.map((row) => row.name)).toEqual([
        '20251124-0900-personal-data-keys',
        '20251124-0901-token-revocations',
        '20261125-2130-stored-files',
        '20261125-2131-file-moves',
        '20261126-0020-resume-drafts',
        '20261126-0030-mail-deliveries',
      ]);

      const revocations = createPostgresTokenRevocations(db);
      await revocations.endSessionsOf('user:1');
      expect(await revocations.generationOf('user:1')).toBe(1);
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
    }
  });

  it('adopts the tables of a database written before the migrations, keeping their rows', async () => {
    database = await createTestDatabase('apimigold');
    const db = createKysely({ connectionString: database.url });
    try {
      // What the ad-hoc CREATE TABLE IF NOT EXISTS of earlier releases left behind.
      await sql`CREATE TABLE personal_data_keys (subject text PRIMARY KEY, key bytea,
        created_at timestamptz NOT NULL DEFAULT now(), erased_at timestamptz,
        CHECK ((key IS NULL) = (erased_at IS NOT NULL)))`.execute(db);
      await sql`INSERT INTO personal_data_keys (subject, key) VALUES ('order-1', '\\x01')`.execute(
        db,
      );
      await sql`CREATE SCHEMA api`.execute(db);
      await sql`CREATE TABLE api.credential_generations (subject text PRIMARY KEY,
        generation bigint NOT NULL, changed_at timestamptz NOT NULL)`.execute(db);
      await sql`INSERT INTO api.credential_generations VALUES ('user:7', 3, now())`.execute(db);

      await migrateApiTables(db);

      expect(await createPostgresTokenRevocations(db).generationOf('user:7')).toBe(3);
      const pool = new pg.Pool({ connectionString: database.url });
      try {
        const keys = await createPostgresKeyVault(pool).keysFor(['order-1'], { create: false });
        expect(keys.get('order-1')).toEqual(Buffer.from([1]));
      } finally {
        await pool.end();
      }
    } finally {
      await db.destroy();
    }
  });
});
