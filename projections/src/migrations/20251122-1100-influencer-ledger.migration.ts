import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  // Influencer login reads the argon2id hash from the read model (never a plain password).
  await db.schema.alterTable('influencers').addColumn('password_hash', 'text').execute();

  await db.schema
    .createTable('influencer_referred_users')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('influencer_id', 'text', (col) => col.notNull())
    .addColumn('user_email', 'text')
    .addColumn('registered_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('influencer_referrals')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('influencer_id', 'text', (col) => col.notNull())
    .addColumn('user_email', 'text')
    .addColumn('registered_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('influencer_referrals_influencer_idx')
    .on('influencer_referrals')
    .columns(['influencer_id', 'registered_at'])
    .execute();

  await db.schema
    .createTable('influencer_referred_orders')
    .addColumn('order_id', 'text', (col) => col.primaryKey())
    .addColumn('influencer_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('user_email', 'text')
    .addColumn('service', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('paid', 'boolean', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('influencer_referred_orders_influencer_idx')
    .on('influencer_referred_orders')
    .columns(['influencer_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('influencer_rewards')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('influencer_id', 'text', (col) => col.notNull())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('clawed_back', 'integer', (col) => col.notNull())
    .addColumn('shortfall', 'integer', (col) => col.notNull())
    .addColumn('credited_at', 'timestamptz', (col) => col.notNull())
    .addColumn('clawed_back_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('influencer_rewards_influencer_idx')
    .on('influencer_rewards')
    .column('influencer_id')
    .execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('influencer_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull())
    .addColumn('processed_at', 'timestamptz')
    .addColumn('payee_name', 'text')
    .addColumn('mobile', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('upi_id', 'text')
    .addColumn('txn_id', 'text')
    .execute();
  await db.schema
    .createIndex('payouts_influencer_idx')
    .on('payouts')
    .columns(['influencer_id', 'requested_at'])
    .execute();
  await db.schema
    .createIndex('payouts_requested_idx')
    .on('payouts')
    .column('requested_at')
    .execute();

  await db.schema
    .createTable('influencer_ledgers')
    .addColumn('influencer_id', 'text', (col) => col.primaryKey())
    .addColumn('registrations', 'integer', (col) => col.notNull())
    .addColumn('orders', 'integer', (col) => col.notNull())
    .addColumn('credited', 'integer', (col) => col.notNull())
    .addColumn('clawed_back', 'integer', (col) => col.notNull())
    .addColumn('held', 'integer', (col) => col.notNull())
    .addColumn('paid_out', 'integer', (col) => col.notNull())
    .addColumn('balance', 'integer', (col) => col.notNull())
    .addColumn('open_payout_id', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'influencer_ledgers',
    'payouts',
    'influencer_rewards',
    'influencer_referred_orders',
    'influencer_referrals',
    'influencer_referred_users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('influencers').dropColumn('password_hash').execute();
}
