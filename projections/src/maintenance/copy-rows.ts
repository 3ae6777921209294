import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CopyValue } from '../projection';

/**
 * Streams `rows` into `table` (resolved through the client's search_path) with COPY … FROM
 * STDIN in text format, on the caller's client and so inside its transaction. One statement and
 * one pass over the rows, where an upsert of the same rows parses them from a jsonb array,
 * checks each for a conflict and maintains every index row by row: an append-only table loaded
 * into an empty table (a replay) needs neither.
 */
export async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly CopyValue[]>,
): Promise<void> {
  const list = columns.map((column) => client.escapeIdentifier(column)).join(', ');
  const copy = client.query(
    copyFrom(`COPY ${client.escapeIdentifier(table)} (${list}) FROM STDIN`),
  );
  await pipeline(Readable.from(copyText(rows)), copy);
}

/** The rows in COPY's text format, a few hundred kilobytes per chunk. */
export function* copyText(rows: Iterable<readonly CopyValue[]>): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += `${row.map(copyField).join('\t')}\n`;
    if (chunk.length >= 256 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** One field in COPY's text format: \N for null, the separators and backslash escaped. */
export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return escapeCopyText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return escapeCopyText(JSON.stringify(value));
}

const SPECIAL = /[\\\t\n\r]/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

function escapeCopyText(text: string): string {
  return text.replace(SPECIAL, (char) => ESCAPES[char] ?? char);
}
