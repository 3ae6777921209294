import type { Kysely } from 'kysely';

/**
 * What a payment was made with, as Razorpay's payment entity names it: the card's id (with the
 * last four digits and network its card entity shows) or the payer's UPI id. Never the card
 * number. Null on payments recorded before, and for netbanking and wallets.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema('razorpay_sandbox')
    .alterTable('payments')
    .addColumn('card_id', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('card_network', 'text')
    .addColumn('vpa', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .withSchema('razorpay_sandbox')
    .alterTable('payments')
    .dropColumn('card_id')
    .dropColumn('card_last4')
    .dropColumn('card_network')
    .dropColumn('vpa')
    .execute();
}
