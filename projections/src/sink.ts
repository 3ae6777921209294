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

/**
 * Recursively scrubs every string (values and object keys) of a JSON value. Copy on write: a
 * value with nothing to scrub (nearly all of them) is answered as it is, so replaying hundreds
 * of thousands of events does not rebuild each one's objects just to find them clean.
 */
export function sinkJson(value: JsonValue): JsonValue {
  if (typeof value === 'string') return sinkText(value);
  if (Array.isArray(value)) return sinkArray(value);
  if (typeof value === 'object' && value !== null) return sinkObject(value);
  return value;
}

function sinkArray(value: JsonValue[]): JsonValue[] {
  let result: JsonValue[] | null = null;
  for (let i = 0; i < value.length; i++) {
    const item = value[i] as JsonValue;
    const safe = sinkJson(item);
    if (result === null && safe !== item) result = value.slice(0, i);
    result?.push(safe);
  }
  return result ?? value;
}

function sinkObject(value: JsonObject): JsonObject {
  let result: JsonObject | null = null;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = value[key] as JsonValue;
    const safeKey = sinkText(key);
    const safe = sinkJson(item);
    if (result === null && (safeKey !== key || safe !== item)) {
      // The keys before this one were clean: copied as they are, in their order.
      result = {};
      for (const earlier of keys.slice(0, i)) result[earlier] = value[earlier] as JsonValue;
    }
    if (result !== null) result[safeKey] = safe;
  }
  return result ?? value;
}

/** The event as projectors see it: every text it carries made safe for text and jsonb columns. */
export function sinkEvent(event: RecordedEvent): RecordedEvent {
  const id = sinkText(event.id);
  const type = sinkText(event.type);
  const streamName = sinkText(event.streamName);
  const data = sinkObject(event.data);
  const metadata = sinkObject(event.metadata);
  if (
    id === event.id &&
    type === event.type &&
    streamName === event.streamName &&
    data === event.data &&
    metadata === event.metadata
  ) {
    return event;
  }
  return { ...event, id, type, streamName, data, metadata };
}
