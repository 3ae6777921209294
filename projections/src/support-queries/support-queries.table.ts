import type { ColumnType, Insertable, JSONColumnType, Selectable } from 'kysely';

/** One admin reply, as SPEC §3 "Stored query" shows it. */
export interface SupportQueryReplyRow {
  at: string;
  by: string;
  to: string | null;
  subject: string | null;
  body: string | null;
  sendOk: boolean;
  previewUrl: string | null;
}

/**
 * Contact-page support queries (stream `query-{id}`) for the admin Queries screen, in the
 * `queries` table. The table keeps its first name: renaming a read model's table takes a
 * migration and a rebuild, and the name is only seen in SQL. `version` is the stream version of
 * the last event applied: the projection applies an event only when it is newer, which is what
 * makes a replayed batch change nothing.
 */
export interface SupportQueriesTable {
  id: string;
  pid: string | null;
  email: string | null;
  message: string | null;
  status: 'open' | 'closed';
  created_at: ColumnType<Date, string, string>;
  replies: JSONColumnType<SupportQueryReplyRow[], string, string>;
  deleted: boolean;
  version: number;
}

export type SupportQueryRow = Selectable<SupportQueriesTable>;
export type NewSupportQueryRow = Insertable<SupportQueriesTable>;
