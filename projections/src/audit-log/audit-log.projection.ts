import type { JsonObject, RecordedEvent } from '@shortlist/eventstore';
import { eventTime } from '../event-time';
import type { Projection } from '../projection';
import type { NewAuditLogRow } from './audit-log.table';

/**
 * One row per event, every event: who did what, when, and what caused it. Keyed by the event's
 * position, so re-applying an event rewrites the same row with the same values.
 */
export const auditLogProjection: Projection = {
  name: 'audit_log',
  version: 1,
  tables: ['audit_log'],
  async apply(trx, events) {
    const rows = events.map(toAuditLogRow);
    await trx
      .insertInto('audit_log')
      .values(rows)
      .onConflict((oc) =>
        oc.column('position').doUpdateSet((eb) => ({
          stream_name: eb.ref('excluded.stream_name'),
          stream_version: eb.ref('excluded.stream_version'),
          event_id: eb.ref('excluded.event_id'),
          type: eb.ref('excluded.type'),
          actor: eb.ref('excluded.actor'),
          correlation_id: eb.ref('excluded.correlation_id'),
          causation_id: eb.ref('excluded.causation_id'),
          at: eb.ref('excluded.at'),
        })),
      )
      .execute();
  },
};

export function toAuditLogRow(event: RecordedEvent): NewAuditLogRow {
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
    // A malformed time must not wedge the runner on one event forever; the store's time stands in.
    at: eventTime(event),
  };
}

/** Metadata is the envelope many producers write, not a domain payload: only strings count. */
function metadataText(metadata: JsonObject, key: string): string | null {
  const value = metadata[key];
  return typeof value === 'string' ? value : null;
}
