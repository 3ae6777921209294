import type { ColumnType } from 'kysely';

/** One row per reactor: the position of the last event whose reaction is done. */
export interface ReactorCheckpointsTable {
  name: string;
  /** null = nothing handled yet. */
  position: string | null;
  updated_at: ColumnType<Date, string | undefined, string>;
}
