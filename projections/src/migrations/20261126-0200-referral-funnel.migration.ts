import type { Kysely } from 'kysely';

/**
 * The referral funnel: clicks on short links, and the campaign tag that registrations carried
 * (clicks → registrations → first purchases → commission, per week and per campaign).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('referral_clicks')
    // The click's event id.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('influencer_id', 'text', (col) => col.notNull())
    .addColumn('campaign', 'text')
    .addColumn('clicked_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('referral_clicks_influencer_idx')
    .on('referral_clicks')
    .columns(['influencer_id', 'clicked_at'])
    .execute();
  await db.schema.alterTable('influencer_referred_users').addColumn('campaign', 'text').execute();
  await db.schema.alterTable('influencer_referrals').addColumn('campaign', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('influencer_referrals').dropColumn('campaign').execute();
  await db.schema.alterTable('influencer_referred_users').dropColumn('campaign').execute();
  await db.schema.dropTable('referral_clicks').execute();
}
