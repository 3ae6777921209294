import type { ColumnType, Selectable } from 'kysely';

/**
 * One row per projection: the position of the last event whose effect is committed, and the
 * version of the projection's code that produced the rows. Projector metadata, not a read model:
 * it is the one table here allowed a wall-clock column.
 */
export interface ProjectionCheckpointsTable {
  name: string;
  /** null = nothing applied yet (a fresh or rebuilt projection starts from the first event). */
  position: string | null;
  version: number;
  updated_at: ColumnType<Date, string | undefined, string>;
}

export type ProjectionCheckpoint = Selectable<ProjectionCheckpointsTable>;
