import { scrubText } from '@shortlist/domain';
import type { JsonObject, JsonValue, RecordedEvent } from '@shortlist/eventstore';

/**
 * The one sink every projector writes through (ARCHITECTURE.md, "Poison events never halt the
 * read side"). PostgreSQL's text and jsonb refuse NUL, and jsonb refuses an unpaired UTF-16
 * surrogate, so an event stored before the contract and the store refused them (inside a sealed
 * personal field, or appended around the API) would fail its projection on every replay. Every
 * string of the event a projector sees, keys included, is scrubbed of the characters the
 * contract refuses, and an unpaired surrogate becomes U+FFFD; multi-line, so the tabs and line
 * breaks of a message survive. The scrub is a pure function of the event, so a replay still
 * gives identical rows.
 */
export function sinkText(value: string): string {
  return scrubText(value, { multiline: true });
}

/** Recursively scrubs every string (values and object keys) of a JSON value. */
export function sinkJson(value: JsonValue): JsonValue {
  if (typeof value === 'string') return sinkText(value);
  if (Array.isArray(value)) return value.map((item) => sinkJson(item));
  if (typeof value === 'object' && value !== null) return sinkObject(value);
  return value;
}

function sinkObject(value: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(value)) result[sinkText(key)] = sinkJson(item);
  return result;
}

/** The event as projectors see it: every text it carries made safe for text and jsonb columns. */
export function sinkEvent(event: RecordedEvent): RecordedEvent {
  return {
    ...event,
    id: sinkText(event.id),
    type: sinkText(event.type),
    streamName: sinkText(event.streamName),
    data: sinkObject(event.data),
    metadata: sinkObject(event.metadata),
  };
}
