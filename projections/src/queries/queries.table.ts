import type { ColumnType, Insertable, JSONColumnType, Selectable } from 'kysely';

/** One admin reply, as SPEC §3 "Stored query" shows it. */
export interface QueryReplyRow {
  at: string;
  by: string;
  to: string | null;
  subject: string | null;
  body: string | null;
  sendOk: boolean;
  previewUrl: string | null;
}

/**
 * Contact-page queries (stream `query-{id}`) for the admin Queries screen. `version` is the
 * stream version of the last event applied: the projection applies an event only when it is
 * newer, which is what makes a replayed batch change nothing.
 */
export interface QueriesTable {
  id: string;
  pid: string | null;
  email: string | null;
  message: string | null;
  status: 'open' | 'closed';
  created_at: ColumnType<Date, string, string>;
  replies: JSONColumnType<QueryReplyRow[], string, string>;
  deleted: boolean;
  version: number;
}

export type QueryRow = Selectable<QueriesTable>;
export type NewQueryRow = Insertable<QueriesTable>;
