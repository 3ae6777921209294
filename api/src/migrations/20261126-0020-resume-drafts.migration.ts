import type { Kysely } from 'kysely';

/**
 * The resume builder's unfinished form, one row per account (shared/resume-drafts.ts). A plain
 * table, not events: a draft is rewritten every few seconds while someone types, has no history
 * worth auditing and no business rule to guard, and an event per keystroke pause would fill the
 * store with personal data for nothing. The order placed from it is the event that counts.
 * The form is sealed with the account's personal-data key, so erasing the account shreds it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resume_drafts')
    .addColumn('user_id', 'text', (column) => column.primaryKey())
    .addColumn('sealed', 'jsonb', (column) => column.notNull())
    .addColumn('saved_at', 'timestamptz', (column) => column.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resume_drafts').execute();
}
