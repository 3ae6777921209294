import { type Kysely, sql } from 'kysely';

/**
 * Files in PostgreSQL (files/postgres.file-storage.ts), the default storage in services mode:
 * every API instance on the database reaches every file. Bytes are `bytea` rows of a fixed
 * chunk size rather than large objects: rows go wherever the database goes (pg_dump, logical
 * replication, managed services that restrict `lo_*`), deleting a file's row deletes its chunks
 * by the foreign key (a large object outlives a forgotten `lo_unlink`), and a chunk is the
 * bounded unit a stream reads or writes. `STORAGE EXTERNAL`: out of line and uncompressed, as
 * PDF and DOCX are compressed already. A file is readable only once `completed_at` is set.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('size', 'bigint')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addCheckConstraint('stored_files_id_check', sql`id ~ '^[0-9a-f]{32}$'`)
    .addCheckConstraint('stored_files_complete_check', sql`(completed_at IS NULL) = (size IS NULL)`)
    .execute();
  // The sweep of writes a crash abandoned looks only at incomplete files.
  await db.schema
    .createIndex('stored_files_incomplete_idx')
    .on('stored_files')
    .column('created_at')
    .where(sql.ref('completed_at'), 'is', null)
    .execute();
  await db.schema
    .createTable('stored_file_chunks')
    .addColumn('file_id', 'text', (column) =>
      column.notNull().references('stored_files.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('data', 'bytea', (column) => column.notNull())
    .addPrimaryKeyConstraint('stored_file_chunks_pkey', ['file_id', 'seq'])
    .execute();
  await sql`ALTER TABLE stored_file_chunks ALTER COLUMN data SET STORAGE EXTERNAL`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_file_chunks').execute();
  await db.schema.dropTable('stored_files').execute();
}
