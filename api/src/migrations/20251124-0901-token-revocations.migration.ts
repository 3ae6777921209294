import { type Kysely, sql } from 'kysely';

/**
 * Session ends (api/src/auth/token-revocations.ts): revoked token ids and credential
 * generations, in the `api` schema shared by every API process of the database. `ifNotExists`:
 * databases created before this migration already hold them, and every read-model schema of a
 * database (tests run several) runs this migration against the same `api` schema.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  // Two schemas migrating at once would race on the catalogue: one at a time.
  await sql`SELECT pg_advisory_xact_lock(hashtext('api:token_revocations'))`.execute(db);
  await db.schema.createSchema('api').ifNotExists().execute();
  await db.schema
    .withSchema('api')
    .createTable('revoked_tokens')
    .ifNotExists()
    .addColumn('jti', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .withSchema('api')
    .createIndex('revoked_tokens_expires_at_idx')
    .ifNotExists()
    .on('revoked_tokens')
    .column('expires_at')
    .execute();
  await db.schema
    .withSchema('api')
    .createTable('credential_generations')
    .ifNotExists()
    .addColumn('subject', 'text', (column) => column.primaryKey())
    .addColumn('generation', 'bigint', (column) => column.notNull())
    .addColumn('changed_at', 'timestamptz', (column) => column.notNull())
    .execute();
}

// Shared by every schema of the database: dropping it for one would end the others' sessions.
export async function down(): Promise<void> {}
