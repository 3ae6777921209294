import type { RecordedEvent } from '@shortlist/eventstore';

/**
 * The time a read model shows for an event: the decision's time from its metadata (`at`), else
 * the time the store recorded it. Never the wall clock, so replays give the same rows.
 */
export function eventTime(event: RecordedEvent): string {
  const at = event.metadata.at;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : event.recordedAt;
}
