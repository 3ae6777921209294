import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely, selectPrepared } from './database';
import {
  createProjectionTestDatabase,
  type ProjectionTestDatabase,
} from './testing/projection-test-database';

let database: ProjectionTestDatabase;

beforeAll(async () => {
  database = await createProjectionTestDatabase('prepared');
  await database.db
    .insertInto('users')
    .values(
      ['a', 'b', 'c'].map((id) => ({
        id,
        email: `${id}@example.com`,
        name: id.toUpperCase(),
        role: 'user',
        created_at: '2026-01-01T00:00:00Z',
      })),
    )
    .execute();
});

afterAll(async () => {
  await database?.drop();
});

describe('selectPrepared', () => {
  it('answers as the query run by Kysely does, from a statement prepared once per connection', async () => {
    // One connection, so the statements it holds can be listed.
    const db = createKysely({ connectionString: database.url, poolMax: 1 });
    try {
      const query = (ids: string[]) =>
        db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).orderBy('id');
      for (const ids of [['a'], ['b'], ['c']]) {
        const prepared = await selectPrepared(db, query(ids).compile());
        expect(prepared).toEqual(await query(ids).execute());
      }
      const { rows } = await sql<{ statement: string; calls: number }>`
        select statement, (generic_plans + custom_plans)::int as calls
        from pg_prepared_statements`.execute(db);
      // One statement for the three runs, with the text Kysely compiled.
      expect(rows).toEqual([{ statement: query(['a']).compile().sql, calls: 3 }]);
    } finally {
      await db.destroy();
    }
  });

  it('stops naming statements past 200 texts: a text made per request cannot fill the server', async () => {
    const db = createKysely({ connectionString: database.url, poolMax: 1 });
    try {
      for (let n = 0; n < 250; n++) {
        const rows = await selectPrepared(
          db,
          sql<{ n: number }>`select ${sql.lit(n)}::int as n`.compile(db),
        );
        expect(rows).toEqual([{ n }]);
      }
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from pg_prepared_statements`.execute(db);
      expect(rows[0]?.count).toBeLessThanOrEqual(200);
      expect(rows[0]?.count).toBeGreaterThan(100);
    } finally {
      await db.destroy();
    }
  });
});
