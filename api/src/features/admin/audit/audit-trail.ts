import { storedEventMetadata } from '@shortlist/domain';
import type { EventStore, JsonObject, JsonValue, RecordedEvent } from '@shortlist/eventstore';

/** One event as an auditor reads it: what happened, when, by whom, and its payload. */
export interface AuditEntry {
  stream: string;
  type: string;
  /** The decision's time (metadata.at), else when the store recorded it. */
  at: string;
  /** 'admin:{id}', 'user:{id}', 'system:{reactor}', 'provider:razorpay'…; null if not recorded. */
  actor: string | null;
  version: number;
  position: string;
  data: JsonObject;
}

/**
 * The events of `streamNames`, merged into the store's global order. A stream query (it reads
 * the event store, not a read model, as its name says): an audit shows every event as stored,
 * which no read model keeps. They are read through the app's store, so personal fields arrive
 * decrypted, or null once the stream was crypto-shredded.
 */
export async function readAuditTrailFromStreams(
  store: EventStore,
  streamNames: readonly string[],
): Promise<AuditEntry[]> {
  const streams = await Promise.all(streamNames.map((name) => store.readStream(name)));
  return streams
    .flatMap((stream) => stream.events)
    .sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0))
    .map(toAuditEntry);
}

export function toAuditEntry(event: RecordedEvent): AuditEntry {
  const { actor, at } = storedEventMetadata(event);
  return {
    stream: event.streamName,
    type: event.type,
    at,
    actor,
    version: event.streamVersion,
    position: event.position,
    data: redacted(event.data),
  };
}

/**
 * Fields an audit never shows: storage ids (a file is reached only through its order, files
 * README) and password hashes. Everything else is the event as recorded.
 */
const HIDDEN_FIELDS = new Set(['fileId', 'passwordHash']);

function redacted(data: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(data)) {
    out[key] = HIDDEN_FIELDS.has(key) && value !== null ? '[redacted]' : redactValue(value);
  }
  return out;
}

function redactValue(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value === 'object' && value !== null) return redacted(value);
  return value;
}
