import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import * as personalDataKeys from './20251124-0900-personal-data-keys.migration';
import * as tokenRevocations from './20251124-0901-token-revocations.migration';
import * as storedFiles from './20261125-2130-stored-files.migration';
import * as fileMoves from './20261125-2131-file-moves.migration';
import * as resumeDrafts from './20261126-0020-resume-drafts.migration';
import * as mailDeliveries from './20261126-0030-mail-deliveries.migration';

/**
 * The api package's own tables (not read models: no projection rebuilds them), migrated the same
 * way as the read models (projections/src/migrations), with their own migration record so the
 * two sets never interleave. Listed by hand; names sort in the order they run; never edit a
 * migration once it has landed.
 */
export const apiMigrations: Readonly<Record<string, Migration>> = {
  '20251124-0900-personal-data-keys': personalDataKeys,
  '20251124-0901-token-revocations': tokenRevocations,
  '20261125-2130-stored-files': storedFiles,
  '20261125-2131-file-moves': fileMoves,
  '20261126-0020-resume-drafts': resumeDrafts,
  '20261126-0030-mail-deliveries': mailDeliveries,
};

/**
 * Brings the api tables up to date. The record lives in the connection's current schema, like
 * the key vault's table, so a scratch schema (tests) gets its own vault.
 */
// biome-ignore lint/suspicious/noExplicitAny: accepts any Kysely, like the migrations
export async function migrateApiTables(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('The connection has no current schema (check its search_path)');
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...apiMigrations }) },
    migrationTableSchema: schema,
    migrationTableName: 'api_migrations',
    migrationLockTableName: 'api_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`API migration ${failed ?? '(setup)'} failed`, { cause: error });
  }
}
