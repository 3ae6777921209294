import type { ColumnType, Insertable, Selectable } from 'kysely';

/** Every event ever appended, with who did it and why: what an auditor reads. */
export interface AuditLogTable {
  position: string;
  stream_name: string;
  stream_version: number;
  event_id: string;
  type: string;
  actor: string | null;
  correlation_id: string | null;
  causation_id: string | null;
  /** The time of the decision (metadata.at), else the time the store recorded the event. */
  at: ColumnType<Date, string, string>;
}

export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;
