import { type Kysely, type Migration, type MigrationResult, Migrator, sql } from 'kysely';
import * as projectionCheckpoints from './20251122-0800-projection-checkpoints.migration';
import * as auditLog from './20251122-0801-audit-log.migration';
import * as users from './20251122-0900-users.migration';
import * as orders from './20251122-0901-orders.migration';
import * as influencers from './20251122-0902-influencers.migration';
import * as queries from './20251122-1010-queries.migration';
import * as influencerLedger from './20251122-1100-influencer-ledger.migration';
import * as influencerQueries from './20251122-1101-influencer-queries.migration';
import * as projectionQuarantine from './20251122-2200-projection-quarantine.migration';
import * as reactorCheckpoints from './20251124-0900-reactor-checkpoints.migration';
import * as searchIndexes from './20251124-1000-search-indexes.migration';
import * as orderTimeline from './20251126-0100-order-timeline.migration';
import * as partnerProgramme from './20261126-0100-partner-programme.migration';
import * as referralFunnel from './20261126-0200-referral-funnel.migration';

/**
 * Listed by hand, not globbed from the folder: works the same under tsx, vitest and a bundler.
 * Names sort in the order they must run; never edit a migration once it has landed.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '20251122-0800-projection-checkpoints': projectionCheckpoints,
  '20251122-0801-audit-log': auditLog,
  '20251122-0900-users': users,
  '20251122-0901-orders': orders,
  '20251122-0902-influencers': influencers,
  '20251122-1010-queries': queries,
  '20251122-1100-influencer-ledger': influencerLedger,
  '20251122-1101-influencer-queries': influencerQueries,
  '20251122-2200-projection-quarantine': projectionQuarantine,
  '20251124-0900-reactor-checkpoints': reactorCheckpoints,
  '20251124-1000-search-indexes': searchIndexes,
  '20251126-0100-order-timeline': orderTimeline,
  '20261126-0100-partner-programme': partnerProgramme,
  '20261126-0200-referral-funnel': referralFunnel,
};

export const MIGRATION_TABLE = 'projection_migrations';
export const MIGRATION_LOCK_TABLE = 'projection_migrations_lock';

/**
 * Brings the read-model schema up to date in the connection's current schema (the first one on
 * its search_path). The migrator's own tables are pinned to that schema explicitly: left
 * unqualified, Kysely looks for them in every schema and would skip creating them in a scratch
 * schema because the live ones exist.
 */
export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
  db: Kysely<any>,
  options: { schema?: string } = {},
): Promise<MigrationResult[]> {
  const schema = options.schema ?? (await currentSchema(db));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    migrationTableSchema: schema,
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Read-model migration ${failed ?? '(setup)'} failed`, { cause: error });
  }
  return results ?? [];
}

// biome-ignore lint/suspicious/noExplicitAny: accepts any Kysely, like the migrations
async function currentSchema(db: Kysely<any>): Promise<string> {
  const result = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  const schema = result.rows[0]?.schema;
  if (!schema) throw new Error('The connection has no current schema (check its search_path)');
  return schema;
}
