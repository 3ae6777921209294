import { sql, type Transaction } from 'kysely';
import type { Database } from '../database';

/**
 * Tables whose secondary indexes no projection's apply reads (their projectors write them
 * blind, or look rows up by primary key only), so a replay may drop those indexes and build
 * them once at the end: building an index from the loaded table is a sort, maintaining it row
 * by row is a random insert per row and index (measured on 82k events: audit_log's indexes and
 * the trigram GIN indexes of orders and users were most of a rebuild's time).
 * The influencer ledger's tables are not here: its summary refresh counts rows through their
 * influencer_id indexes.
 * `unique`: its unique constraints and indexes are deferred too (never the primary key, the
 * upserts' conflict target). Only where the unique key is the event's own identity (audit_log:
 * one row per event id), so no replayed event can pass that the live path would refuse; if the
 * store held a duplicate, building the constraint fails, the rebuild rolls back and replays
 * page by page, which quarantines the event as the live path does.
 */
const DEFERRABLE: ReadonlyMap<string, { unique: boolean }> = new Map([
  ['audit_log', { unique: true }],
  ['orders', { unique: false }],
  ['users', { unique: false }],
]);

/** An index or constraint dropped for a load: the statements that drop and recreate it. */
export interface DroppedIndex {
  name: string;
  drop: string;
  /** Schema-qualified, as pg_get_indexdef / pg_get_constraintdef give it. */
  create: string;
}

/**
 * Drops the deferrable indexes (and, where allowed, unique constraints) of `tables`, resolved
 * through the transaction's search_path, and answers how to recreate them. Other unique
 * indexes and constraints stay, enforcing what the live path enforces, and the primary keys
 * serve the projectors' keyed lookups and upserts. Run it in the transaction that loads the tables and
 * recreates the indexes (createIndexes), so a failure anywhere rolls the drop back too.
 */
export async function dropDeferrableIndexes(
  trx: Transaction<Database>,
  tables: readonly string[],
): Promise<DroppedIndex[]> {
  const deferrable = [...new Set(tables)].flatMap((table) => {
    const rule = DEFERRABLE.get(table);
    return rule === undefined ? [] : [sql`(to_regclass(${table}::text), ${rule.unique}::boolean)`];
  });
  if (deferrable.length === 0) return [];
  const { rows } = await sql<DroppedIndex>`
    with wanted (oid, unique_too) as (values ${sql.join(deferrable)})
    select c.relname as name,
      case when k.oid is null then format('drop index %I.%I', n.nspname, c.relname)
        else format('alter table %I.%I drop constraint %I', tn.nspname, t.relname, k.conname)
      end as drop,
      case when k.oid is null then pg_get_indexdef(i.indexrelid)
        else format('alter table %I.%I add constraint %I %s', tn.nspname, t.relname, k.conname,
          pg_get_constraintdef(k.oid))
      end as create
    from wanted d
    join pg_index i on i.indrelid = d.oid
    join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_class t on t.oid = i.indrelid
    join pg_namespace tn on tn.oid = t.relnamespace
    left join pg_constraint k on k.conindid = i.indexrelid and k.conrelid = i.indrelid
    where not i.indisprimary
      and (d.unique_too or (not i.indisunique and k.oid is null))
      and (k.oid is null or k.contype = 'u')
    order by c.relname`.execute(trx);
  for (const row of rows) await sql.raw(row.drop).execute(trx);
  return rows;
}

/** Builds the indexes dropDeferrableIndexes dropped, from the rows now loaded. */
export async function createIndexes(
  trx: Transaction<Database>,
  indexes: readonly DroppedIndex[],
): Promise<void> {
  // A GIN index builds much faster with more memory to sort in; local to this transaction.
  if (indexes.length > 0) await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
  for (const index of indexes) await sql.raw(index.create).execute(trx);
}
