import { type Kysely, sql } from 'kysely';

/**
 * The sandbox's books: provider orders, payments and refunds. `ifNotExists` throughout:
 * databases written before this migration hold the same tables already.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  const books = db.schema.withSchema('razorpay_sandbox');
  await books
    .createTable('orders')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('key_id', 'text', (column) => column.notNull())
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('amount_paid', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('receipt', 'text')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('created'))
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('notes', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await books.createIndex('orders_receipt').ifNotExists().on('orders').column('receipt').execute();
  await books
    .createTable('payments')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('order_id', 'text', (column) =>
      column.notNull().references('razorpay_sandbox.orders.id'),
    )
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('method', 'text', (column) => column.notNull())
    .addColumn('amount_refunded', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('error_code', 'text')
    .addColumn('error_description', 'text')
    .addColumn('error_reason', 'text')
    .addColumn('email', 'text')
    .addColumn('contact', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await books
    .createTable('refunds')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('payment_id', 'text', (column) =>
      column.notNull().references('razorpay_sandbox.payments.id'),
    )
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('notes', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn('receipt', 'text')
    .addColumn('speed_requested', 'text', (column) => column.notNull())
    .addColumn('idempotency_key', 'text', (column) => column.unique())
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropSchema('razorpay_sandbox').ifExists().cascade().execute();
}
