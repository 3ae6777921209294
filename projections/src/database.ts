import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { AuditLogTable } from './audit-log/audit-log.table';
import type {
  InfluencerCommissionsTable,
  InfluencerLedgersTable,
  InfluencerQueriesTable,
  InfluencerReferralFlagsTable,
  InfluencerReferralsTable,
  InfluencerReferredOrdersTable,
  InfluencerReferredUsersTable,
  InfluencerRewardsTable,
  PayoutsTable,
  ReferralClicksTable,
} from './influencer-ledger/influencer-ledger.tables';
import type { InfluencersTable } from './influencers/influencers.table';
import type { OrdersTable } from './orders/orders.table';
import type { ProjectionCheckpointsTable } from './projector/checkpoint.table';
import type { ProjectionQuarantineTable } from './quarantine/quarantine.table';
import type { ReactorCheckpointsTable } from './reactor/reactor-checkpoint.table';
import type { SupportQueriesTable } from './support-queries/support-queries.table';
import type { UsersTable } from './users/users.table';

/**
 * Every read-model table, unqualified: the connection's search_path picks the schema, which is
 * how `verify` rebuilds the whole model inside a scratch schema with the same code.
 */
export interface Database {
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_quarantine: ProjectionQuarantineTable;
  reactor_checkpoints: ReactorCheckpointsTable;
  audit_log: AuditLogTable;
  users: UsersTable;
  orders: OrdersTable;
  influencers: InfluencersTable;
  influencer_referred_users: InfluencerReferredUsersTable;
  influencer_referrals: InfluencerReferralsTable;
  influencer_referred_orders: InfluencerReferredOrdersTable;
  influencer_rewards: InfluencerRewardsTable;
  influencer_commissions: InfluencerCommissionsTable;
  influencer_referral_flags: InfluencerReferralFlagsTable;
  payouts: PayoutsTable;
  referral_clicks: ReferralClicksTable;
  influencer_ledgers: InfluencerLedgersTable;
  influencer_queries: InfluencerQueriesTable;
  queries: SupportQueriesTable;
}

export type KyselyConnection =
  | { pool: pg.Pool }
  | {
      connectionString: string;
      /** Schemas to resolve unqualified names in, e.g. 'verify_3fa1' (plain identifiers only). */
      searchPath?: string;
      /** Pool size; a projector holds one connection while active, so size for them. */
      poolMax?: number;
    };

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Validates a search_path list: it travels in a startup option, where quoting is not possible. */
export function searchPathOption(searchPath: string): string {
  const schemas = searchPath.split(',').map((schema) => schema.trim());
  for (const schema of schemas) {
    if (!IDENTIFIER.test(schema)) {
      throw new TypeError(`Invalid schema name in search_path: ${JSON.stringify(schema)}`);
    }
  }
  return `-c search_path=${schemas.join(',')}`;
}

/**
 * A Kysely instance over a pg Pool. With a connection string the pool is created here and
 * `db.destroy()` ends it; with `pool` the caller's pool is used (and `db.destroy()` ends it too,
 * as Kysely's driver does, so pass a pool the Kysely instance may own).
 */
export function createKysely(connection: KyselyConnection): Kysely<Database> {
  const pool = 'pool' in connection ? connection.pool : newPool(connection);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/**
 * The pool under each Kysely made here. A rebuild checks out clients of it itself: it spreads
 * the read models over several connections at once, and streams rows with COPY, which only a
 * pg client (not Kysely) speaks.
 */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

export function poolOf(db: Kysely<Database>): pg.Pool {
  const pool = pools.get(db);
  if (pool === undefined) throw new Error('This Kysely instance was not made by createKysely');
  return pool;
}

function newPool(connection: {
  connectionString: string;
  searchPath?: string;
  poolMax?: number;
}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: connection.connectionString,
    max: connection.poolMax ?? 10,
    ...(connection.searchPath === undefined
      ? {}
      : { options: searchPathOption(connection.searchPath) }),
  });
  // An idle client whose server connection drops emits 'error' on the pool; without a listener
  // that would crash the process. The next query on a fresh client reports the real problem.
  pool.on('error', () => undefined);
  return pool;
}

/** Statement names by SQL text, shared by every pool: one name always means one text. */
const statementNames = new Map<string, string>();
/** Past this many texts, reads run unnamed: a text made per request must not fill the servers. */
const MAX_NAMED_STATEMENTS = 200;

/**
 * Runs a compiled read as a named statement of the pool under `db`: each connection parses and
 * plans its text once, then only binds and runs it (PostgreSQL re-plans it with the values for
 * the first few runs, then keeps a generic plan unless that costs more). For the hot reads of
 * the request path, whose text has a handful of variants; `db` itself, not a transaction.
 */
export async function selectPrepared<Row>(
  db: Kysely<Database>,
  query: CompiledQuery<Row>,
): Promise<Row[]> {
  const text = query.sql;
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `kysely_${statementNames.size}`;
    statementNames.set(text, name);
  }
  const values = [...query.parameters];
  const result = await poolOf(db).query<Row & pg.QueryResultRow>(
    name === undefined ? { text, values } : { name, text, values },
  );
  return result.rows;
}
