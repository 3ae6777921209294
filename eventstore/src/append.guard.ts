import type { NewEvent } from './event-store.port';
import { assertStorableEvents } from './storable-event';

/**
 * What every adapter checks before it writes anything. Both stores would accept an empty append
 * differently (or not at all), so the port refuses it (RangeError); and an event that PostgreSQL
 * could not hold as jsonb is refused on either store (UnstorableEventError, storable-event.ts),
 * so no adapter keeps an event that the read side could never project.
 */
export function assertAppendable(streamName: string, events: NewEvent[]): void {
  if (events.length === 0) throw new RangeError('append needs at least one event');
  assertStorableEvents(streamName, events);
}
