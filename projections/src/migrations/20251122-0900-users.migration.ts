import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Null once the account is erased (crypto-shredded).
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('referral_influencer_id', 'text')
    .addColumn('referral_code', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('erased_at', 'timestamptz')
    .execute();
  // Login looks a person up by e-mail; e-mails are stored trimmed and lower-cased.
  await db.schema
    .createIndex('users_email_idx')
    .unique()
    .on('users')
    .column('email')
    .where(sql.ref('email'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('users_referral_influencer_idx')
    .on('users')
    .column('referral_influencer_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
