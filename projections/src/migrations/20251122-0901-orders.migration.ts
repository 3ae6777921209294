import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('user_email', 'text')
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('plan_name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('payment_status', 'text', (col) => col.notNull())
    .addColumn('amount', 'numeric', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('resume', 'jsonb')
    .addColumn('customer_uploads', 'jsonb', (col) => col.notNull())
    .addColumn('attachments', 'jsonb', (col) => col.notNull())
    .addColumn('review_suggestions', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('erased_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('orders_user_created_idx')
    .on('orders')
    .columns(['user_id', 'created_at'])
    .execute();
  // The admin list shows paid orders, newest first; erasure looks for old completed ones.
  await db.schema
    .createIndex('orders_payment_created_idx')
    .on('orders')
    .columns(['payment_status', 'created_at'])
    .execute();
  await db.schema.createIndex('orders_completed_idx').on('orders').column('completed_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('orders').execute();
}
