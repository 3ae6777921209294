import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('projection_checkpoints')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('position', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('projection_checkpoints').execute();
}
