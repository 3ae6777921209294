import type { Kysely } from 'kysely';

/*
 * The customer's order timeline: when the work started, when the latest delivery came, when the
 * customer opened it, when the money went back. Filled by the orders projection from the events'
 * times, so a rebuild (the projection's version went up with this) fills old orders too.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('started_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('delivery_opened_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .dropColumn('started_at')
    .dropColumn('delivered_at')
    .dropColumn('delivery_opened_at')
    .dropColumn('refunded_at')
    .execute();
}
