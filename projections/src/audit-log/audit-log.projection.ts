import type { JsonObject, RecordedEvent } from '@shortlist/eventstore';
import { TableChanges } from '../engine/table-changes';
import { eventTime } from '../event-time';
import type { Projection } from '../projection';
import type { NewAuditLogRow } from './audit-log.table';

const AUDIT_LOG_COLUMNS = [
  'position',
  'stream_name',
  'stream_version',
  'event_id',
  'type',
  'actor',
  'correlation_id',
  'causation_id',
  'at',
] as const satisfies readonly (keyof NewAuditLogRow)[];

/**
 * One row per event, every event: who did what, when, and what caused it. Keyed by the event's
 * position, so re-applying an event rewrites the same row with the same values.
 */
export const auditLogProjection: Projection = {
  name: 'audit_log',
  version: 1,
  tables: ['audit_log'],
  async apply(trx, events) {
    // One multi-row upsert per batch (engine/table-changes).
    const rows = new TableChanges<NewAuditLogRow>('audit_log', 'position');
    for (const event of events) rows.put(toAuditLogRow(event));
    await rows.flush(trx);
  },
  // Append-only, one row per event: a replay loads it with COPY (maintenance/copy-rows.ts).
  appendRows: {
    table: 'audit_log',
    columns: AUDIT_LOG_COLUMNS,
    row(event) {
      const row = toAuditLogRow(event);
      return AUDIT_LOG_COLUMNS.map((column) => row[column] ?? null);
    },
  },
};

function toAuditLogRow(event: RecordedEvent): NewAuditLogRow {
  const { metadata } = event;
  return {
    position: event.position,
    stream_name: event.streamName,
    stream_version: event.streamVersion,
    event_id: event.id,
    type: event.type,
    actor: metadataText(metadata, 'actor'),
    correlation_id: metadataText(metadata, 'correlationId'),
    causation_id: metadataText(metadata, 'causationId'),
    // A malformed time must not wedge the projector on one event; the store's time stands in.
    at: eventTime(event),
  };
}

/** Metadata is the envelope many producers write, not a domain payload: only strings count. */
function metadataText(metadata: JsonObject, key: string): string | null {
  const value = metadata[key];
  return typeof value === 'string' ? value : null;
}
