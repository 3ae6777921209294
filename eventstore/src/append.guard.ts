import type { NewEvent } from './event-store.port';

/** Both stores would accept an empty append differently (or not at all); the port refuses it. */
export function assertAppendable(events: NewEvent[]): void {
  if (events.length === 0) throw new RangeError('append needs at least one event');
}
