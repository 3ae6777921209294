import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('queries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Null once the query's stream is crypto-shredded, or after a delete.
    .addColumn('pid', 'text')
    .addColumn('email', 'text')
    .addColumn('message', 'text')
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status IN ('open', 'closed')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('replies', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('deleted', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
  // The admin list shows the newest first (sort=-createdAt).
  await db.schema
    .createIndex('queries_created_at_idx')
    .on('queries')
    .column('created_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('queries').execute();
}
