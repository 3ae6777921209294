import { type Kysely, sql } from 'kysely';

/**
 * The key vault (api/src/personal-data/key-vault.ts): one AES-256 key per subject, beside the
 * read models, never in the event store. `ifNotExists`: databases created before this
 * migration already hold the table.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('personal_data_keys')
    .ifNotExists()
    .addColumn('subject', 'text', (column) => column.primaryKey())
    .addColumn('key', 'bytea')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('erased_at', 'timestamptz')
    .addCheckConstraint(
      'personal_data_keys_erased_check',
      sql`(key IS NULL) = (erased_at IS NOT NULL)`,
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('personal_data_keys').execute();
}
