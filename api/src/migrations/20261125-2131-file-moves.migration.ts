import { type Kysely, sql } from 'kysely';

/**
 * The move command's ledger (files/move-files.ts): which file it copied from which storage to
 * which, with the size and SHA-256 it verified. Re-runs skip what is recorded; a file recorded
 * and later gone from one side was erased there after the copy, so the other copy goes too
 * rather than coming back. `source_deleted_at`: removed from the source by `--delete-source`
 * (which is not an erasure).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_moves')
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('target', 'text', (column) => column.notNull())
    .addColumn('file_id', 'text', (column) => column.notNull())
    .addColumn('size', 'bigint', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('copied_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('source_deleted_at', 'timestamptz')
    .addColumn('erased_at', 'timestamptz')
    .addPrimaryKeyConstraint('file_moves_pkey', ['source', 'target', 'file_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_moves').execute();
}
