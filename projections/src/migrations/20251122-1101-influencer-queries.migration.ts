import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('influencer_queries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('influencer_id', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('replies', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('influencer_queries_influencer_idx')
    .on('influencer_queries')
    .columns(['influencer_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('influencer_queries_created_idx')
    .on('influencer_queries')
    .column('created_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('influencer_queries').execute();
}
