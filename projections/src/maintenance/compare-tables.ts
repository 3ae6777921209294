import type { JsonObject } from '@shortlist/eventstore';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database';

export interface TableDifference {
  table: string;
  /** Rows a replay from the events produces that the live table lacks (first `limit`). */
  missing: JsonObject[];
  missingCount: number;
  /** Live rows that a replay does not produce (first `limit`). */
  unexpected: JsonObject[];
  unexpectedCount: number;
}

/**
 * Compares a live table (resolved through the transaction's search_path) with its twin in the
 * scratch schema, as multisets of rows (EXCEPT ALL both ways), on the scratch table's columns.
 * Read-model columns must therefore support equality: jsonb, not json.
 */
export async function compareTable(
  trx: Transaction<Database>,
  scratchSchema: string,
  table: string,
  limit: number,
): Promise<TableDifference> {
  const columns = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = ${scratchSchema} and table_name = ${table}
    order by ordinal_position
  `.execute(trx);
  if (columns.rows.length === 0) {
    throw new Error(`Table ${table} does not exist in the scratch schema; is it migrated?`);
  }
  const list = sql.join(columns.rows.map((column) => sql.id(column.column_name)));
  const live = sql`select ${list} from ${sql.table(table)}`;
  const replayed = sql`select ${list} from ${sql.id(scratchSchema, table)}`;
  const [missing, unexpected] = [
    await rowsOf(trx, sql`${replayed} except all ${live}`, limit),
    await rowsOf(trx, sql`${live} except all ${replayed}`, limit),
  ];
  return {
    table,
    missing: missing.rows,
    missingCount: missing.count,
    unexpected: unexpected.rows,
    unexpectedCount: unexpected.count,
  };
}

async function rowsOf(
  trx: Transaction<Database>,
  query: ReturnType<typeof sql>,
  limit: number,
): Promise<{ rows: JsonObject[]; count: number }> {
  // The window count is taken before LIMIT, so the report gives the total and a sample.
  const result = await sql<{ row: JsonObject; total: string }>`
    select to_jsonb(d) as row, count(*) over () as total from (${query}) d
    order by to_jsonb(d)::text limit ${limit}
  `.execute(trx);
  return {
    rows: result.rows.map((r) => r.row),
    count: Number(result.rows[0]?.total ?? 0),
  };
}
