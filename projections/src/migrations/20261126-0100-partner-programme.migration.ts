import type { Kysely } from 'kysely';

/**
 * The partner programme's read side: per-order commissions, referral flags, payouts paid to a
 * bank account or a UPI id (with the netted debt and a rejection's reason), and the pending and
 * debt figures of each ledger.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('influencer_commissions')
    .addColumn('order_id', 'text', (col) => col.primaryKey())
    .addColumn('influencer_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('pending_at', 'timestamptz', (col) => col.notNull())
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('influencer_commissions_influencer_idx')
    .on('influencer_commissions')
    .columns(['influencer_id', 'pending_at'])
    .execute();

  await db.schema
    .createTable('influencer_referral_flags')
    // `{influencerId}:{userId}:{reason}`: a flag is raised once.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('influencer_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('related_user_id', 'text')
    .addColumn('flagged_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('influencer_referral_flags_influencer_idx')
    .on('influencer_referral_flags')
    .column('influencer_id')
    .execute();

  await db.schema
    .alterTable('payouts')
    .addColumn('method', 'text', (col) => col.notNull().defaultTo('upi'))
    .addColumn('account_number', 'text')
    .addColumn('ifsc', 'text')
    .addColumn('netted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .execute();

  await db.schema
    .alterTable('influencer_ledgers')
    .addColumn('pending', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('debt', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('influencer_ledgers')
    .dropColumn('pending')
    .dropColumn('debt')
    .execute();
  await db.schema
    .alterTable('payouts')
    .dropColumn('method')
    .dropColumn('account_number')
    .dropColumn('ifsc')
    .dropColumn('netted')
    .dropColumn('reason')
    .execute();
  await db.schema.dropTable('influencer_referral_flags').execute();
  await db.schema.dropTable('influencer_commissions').execute();
}
