import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('projection_quarantine')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('projection', 'text', (col) => col.notNull())
    .addColumn('position', 'text', (col) => col.notNull())
    .addColumn('event_id', 'uuid', (col) => col.notNull())
    .addColumn('stream_name', 'text', (col) => col.notNull())
    .addColumn('stream_version', 'integer', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('error', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('first_failed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_failed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    // One row per event and projection: a second failure (after a rebuild) reopens it.
    .addUniqueConstraint('projection_quarantine_event_key', ['projection', 'event_id'])
    .execute();
  // Health and verify ask "what is still open for this projection".
  await db.schema
    .createIndex('projection_quarantine_open_idx')
    .on('projection_quarantine')
    .columns(['projection', 'position'])
    .where(sql.ref('resolved_at'), 'is', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('projection_quarantine').execute();
}
