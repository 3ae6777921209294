import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('position', 'text', (col) => col.primaryKey())
    .addColumn('stream_name', 'text', (col) => col.notNull())
    .addColumn('stream_version', 'integer', (col) => col.notNull())
    .addColumn('event_id', 'uuid', (col) => col.notNull().unique())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('actor', 'text')
    .addColumn('correlation_id', 'text')
    .addColumn('causation_id', 'text')
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .execute();
  // Auditors look up "everything one request caused" and "everything one person did".
  await db.schema
    .createIndex('audit_log_correlation_id_idx')
    .on('audit_log')
    .column('correlation_id')
    .execute();
  await db.schema
    .createIndex('audit_log_actor_at_idx')
    .on('audit_log')
    .columns(['actor', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_log_stream_idx')
    .on('audit_log')
    .columns(['stream_name', 'stream_version'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
