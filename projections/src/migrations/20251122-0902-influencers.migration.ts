import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('influencers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('referral_code', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('removed_at', 'timestamptz')
    .execute();
  // Registration resolves ?ref= codes; codes are stored upper-case.
  await db.schema
    .createIndex('influencers_referral_code_idx')
    .unique()
    .on('influencers')
    .column('referral_code')
    .execute();
  await db.schema
    .createIndex('influencers_email_idx')
    .on('influencers')
    .column('email')
    .where(sql.ref('email'), 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('influencers').execute();
}
