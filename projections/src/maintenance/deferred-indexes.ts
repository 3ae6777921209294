import { sql, type Transaction } from 'kysely';
import type { Database } from '../database';

/**
 * Tables whose secondary indexes no projection's apply reads (their projectors write them
 * blind, or look rows up by primary key only), so a replay may drop those indexes and build
 * them once at the end: building an index from the loaded table is a sort, maintaining it row
 * by row is a random insert per row and index (measured on 82k events: audit_log's five
 * indexes and the trigram GIN indexes of orders and users were most of a rebuild's time).
 * The influencer ledger's tables are not here: its summary refresh counts rows through their
 * influencer_id indexes on every page.
 */
export const DEFERRABLE_INDEX_TABLES: ReadonlySet<string> = new Set([
  'audit_log',
  'orders',
  'users',
]);

/** An index dropped for a load, as pg_get_indexdef gives it (schema-qualified). */
export interface DroppedIndex {
  name: string;
  definition: string;
}

/**
 * Drops the non-unique indexes of those of `tables` that are deferrable (resolved through the
 * transaction's search_path) and answers their definitions. Unique indexes and constraints
 * stay: they keep enforcing what the live path enforces, and the primary keys serve the
 * projectors' keyed lookups and upserts. Run it in the transaction that loads the tables and
 * recreates the indexes (createIndexes), so a failure anywhere rolls the drop back too.
 */
export async function dropDeferrableIndexes(
  trx: Transaction<Database>,
  tables: readonly string[],
): Promise<DroppedIndex[]> {
  const deferrable = tables.filter((table) => DEFERRABLE_INDEX_TABLES.has(table));
  if (deferrable.length === 0) return [];
  const { rows } = await sql<DroppedIndex & { qualified: string }>`
    select format('%I.%I', n.nspname, c.relname) as qualified, c.relname as name,
      pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where i.indrelid in (${sql.join(deferrable.map((table) => sql`to_regclass(${table})`))})
      and not i.indisunique and not i.indisprimary
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname`.execute(trx);
  for (const row of rows) await sql`drop index ${sql.raw(row.qualified)}`.execute(trx);
  return rows.map(({ name, definition }) => ({ name, definition }));
}

/** Builds the indexes dropDeferrableIndexes dropped, from the rows now loaded. */
export async function createIndexes(
  trx: Transaction<Database>,
  indexes: readonly DroppedIndex[],
): Promise<void> {
  // A GIN index builds much faster with more memory to sort in; local to this transaction.
  if (indexes.length > 0) await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
  for (const index of indexes) await sql.raw(index.definition).execute(trx);
}
