import { Readable } from 'node:stream';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { createKysely } from '@shortlist/projections';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateApiTables } from '../migrations/migrate-api';
import { newFileId } from './file-storage.port';
import { CHUNK_BYTES, openPostgresFileStorage } from './postgres.file-storage';
import { testFileStorage } from './testing/file-storage.contract';

let database: TestDatabase;
// biome-ignore lint/suspicious/noExplicitAny: the test reads the adapter's tables by hand
let db: Kysely<any>;

beforeAll(async () => {
  database = await createTestDatabase('files');
  db = createKysely({ connectionString: database.url, poolMax: 2 });
  await migrateApiTables(db);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

async function chunkBytes(): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`
    SELECT coalesce(sum(octet_length(data)), 0) AS bytes FROM stored_file_chunks`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}

testFileStorage('PostgreSQL', async () => {
  await sql`TRUNCATE stored_files, stored_file_chunks`.execute(db);
  return {
    storage: await openPostgresFileStorage({ connectionString: database.url }),
    storedBytes: chunkBytes,
    teardown: async () => {},
  };
});

describe('PostgreSQL file storage', () => {
  it('keeps a 10 MB file as bounded chunk rows, and gives their pages back once deleted', async () => {
    await sql`TRUNCATE stored_files, stored_file_chunks`.execute(db);
    await sql`VACUUM stored_file_chunks`.execute(db);
    const tableBytes = async () => {
      const { rows } = await sql<{ bytes: string }>`
        SELECT pg_total_relation_size('stored_file_chunks') AS bytes`.execute(db);
      return Number(rows[0]?.bytes ?? 0);
    };
    const empty = await tableBytes();
    const storage = await openPostgresFileStorage({ connectionString: database.url });
    try {
      const fileId = await storage.put(Readable.from([Buffer.alloc(10 * 1024 * 1024, 7)]));
      const { rows } = await sql<{ chunks: string; largest: number }>`
        SELECT count(*) AS chunks, max(octet_length(data)) AS largest
        FROM stored_file_chunks WHERE file_id = ${fileId}`.execute(db);
      expect(Number(rows[0]?.chunks)).toBe(40);
      expect(rows[0]?.largest).toBe(CHUNK_BYTES);
      expect(await tableBytes()).toBeGreaterThan(empty + 10 * 1024 * 1024);

      await storage.delete(fileId);
      expect(await chunkBytes()).toBe(0);
      // Deleted rows are dead tuples until VACUUM (autovacuum in production) frees them; at the
      // end of the table their pages go back to the operating system.
      await sql`VACUUM stored_file_chunks`.execute(db);
      expect(await tableBytes()).toBeLessThan(empty + 1024 * 1024);
    } finally {
      await storage.close();
    }
  });

  it('sweeps writes a crash abandoned, and leaves uploads in progress alone', async () => {
    const abandoned = newFileId();
    const inProgress = newFileId();
    await sql`INSERT INTO stored_files (id, created_at)
      VALUES (${abandoned}, now() - interval '2 hours'), (${inProgress}, now())`.execute(db);
    await sql`INSERT INTO stored_file_chunks (file_id, seq, data)
      VALUES (${abandoned}, 0, ${Buffer.alloc(1000)}), (${inProgress}, 0, ${Buffer.alloc(10)})`.execute(
      db,
    );
    const storage = await openPostgresFileStorage({ connectionString: database.url });
    try {
      const { rows } = await sql<{ id: string }>`SELECT id FROM stored_files
        WHERE id IN (${abandoned}, ${inProgress})`.execute(db);
      expect(rows.map((row) => row.id)).toEqual([inProgress]);
      expect(await storage.get(inProgress)).toBeNull();
      const { rows: chunks } = await sql<{ file_id: string }>`
        SELECT file_id FROM stored_file_chunks WHERE file_id = ${abandoned}`.execute(db);
      expect(chunks).toEqual([]);
    } finally {
      await storage.close();
    }
  });

  it('fails a download whose file is erased part way through, rather than ending it short', async () => {
    const storage = await openPostgresFileStorage({ connectionString: database.url });
    try {
      const fileId = await storage.put(Readable.from([Buffer.alloc(3 * CHUNK_BYTES, 1)]));
      const stored = await storage.get(fileId);
      if (stored === null) throw new Error('not stored');
      const reading = stored.stream[Symbol.asyncIterator]();
      expect((await reading.next()).value).toHaveLength(CHUNK_BYTES);
      await storage.delete(fileId);
      await expect(
        (async () => {
          for (;;) if ((await reading.next()).done) return 'ended';
        })(),
      ).rejects.toThrow('deleted while it was being read');
    } finally {
      await storage.close();
    }
  });
});
