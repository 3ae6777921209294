import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Events a projection could not apply, set aside so later events flow on (projector metadata, not
 * a read model: wall-clock columns are allowed, and rebuild/verify never compare it).
 * Open while `resolved_at` is null; a retry that applies the event, or a rebuild, resolves it.
 */
export interface ProjectionQuarantineTable {
  id: Generated<string>;
  projection: string;
  position: string;
  event_id: string;
  stream_name: string;
  stream_version: number;
  type: string;
  error: string;
  /** Every failed try of this event: its batch's tries, the isolated ones, the retries. */
  attempts: number;
  first_failed_at: ColumnType<Date, string | undefined, string>;
  last_failed_at: ColumnType<Date, string | undefined, string>;
  resolved_at: ColumnType<Date | null, string | null | undefined, string | null>;
}

export type QuarantinedEvent = Selectable<ProjectionQuarantineTable>;
