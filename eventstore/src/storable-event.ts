import type { JsonObject, JsonValue, NewEvent } from './event-store.port';

/**
 * What makes an event un-storable, whichever adapter holds it: its data and metadata become
 * PostgreSQL jsonb (the read models, and the PostgreSQL store itself) and its names text. The
 * checks are the rules jsonb and text enforce, made before anything is written so that no
 * adapter ever keeps an event that a projection could not write:
 *
 * - `ill-formed-text`: an unpaired UTF-16 surrogate (`"\ud800"`) in a string, a key or a name.
 *   jsonb refuses the escape ("invalid input syntax for type json"); text would silently turn
 *   it into U+FFFD, so a stream named with one would be stored under another name.
 * - `nul`: U+0000, which neither jsonb ("unsupported Unicode escape sequence") nor text holds.
 * - `too-deep`: nesting past MAX_JSON_DEPTH. PostgreSQL parses JSON recursively and stops at its
 *   stack limit (a few thousand levels); no event of ours comes near the cap.
 * - `too-large`: a string or a whole value past jsonb's 2^28 − 1 byte limit.
 * - `not-json`: a value JSON does not carry faithfully (NaN and ±Infinity would become null,
 *   a bigint, function or symbol cannot be written at all).
 */
export type UnstorableReason = 'ill-formed-text' | 'nul' | 'too-deep' | 'too-large' | 'not-json';

/** Objects and arrays inside one another, data or metadata itself the first. */
export const MAX_JSON_DEPTH = 64;

/** jsonb's limit on one string and on a whole value (JENTRY_OFFLENMASK). */
const MAX_JSONB_BYTES = 2 ** 28 - 1;

const REASON_TEXT: Record<UnstorableReason, string> = {
  'ill-formed-text': 'an unpaired UTF-16 surrogate',
  nul: 'a NUL character',
  'too-deep': `nesting deeper than ${MAX_JSON_DEPTH} levels`,
  'too-large': 'more than 256 MB of JSON',
  'not-json': 'a value JSON cannot hold',
};

/**
 * The store refused to append: nothing of the append was written. It names where the bad value
 * is (e.g. `data.personal.fullName`), never the value, which may be personal.
 */
export class UnstorableEventError extends Error {
  constructor(
    readonly streamName: string,
    readonly eventType: string,
    /** Where in the event: `streamName`, `type`, `id`, or a path under `data` / `metadata`. */
    readonly path: string,
    readonly reason: UnstorableReason,
  ) {
    super(
      `Event ${describeName(eventType)} of stream ${describeName(streamName)} cannot be stored: ` +
        `${REASON_TEXT[reason]} at ${path}`,
    );
    this.name = 'UnstorableEventError';
  }
}

/** Names are ours, but the message must not carry the very characters it complains about. */
function describeName(name: string): string {
  return JSON.stringify(name.toWellFormed().replaceAll('\u0000', '\\u0000'));
}

/** Throws UnstorableEventError for the first value of `events` that no adapter may keep. */
export function assertStorableEvents(streamName: string, events: readonly NewEvent[]): void {
  const nameProblem = textProblem(streamName);
  if (nameProblem !== null) {
    throw new UnstorableEventError(streamName, events[0]?.type ?? '', 'streamName', nameProblem);
  }
  for (const event of events) {
    const refuse = (path: string, reason: UnstorableReason): never => {
      throw new UnstorableEventError(streamName, event.type, path, reason);
    };
    for (const field of ['id', 'type'] as const) {
      const problem = textProblem(event[field]);
      if (problem !== null) refuse(field, problem);
    }
    let bytes = 0;
    // `depth`: how many objects and arrays hold `value` (data and metadata are the first).
    const walk = (value: unknown, path: string, depth: number): void => {
      switch (typeof value) {
        case 'string': {
          const problem = textProblem(value);
          if (problem !== null) refuse(path, problem);
          bytes += utf8Bytes(value);
          if (bytes > MAX_JSONB_BYTES) refuse(path, 'too-large');
          return;
        }
        case 'number':
          if (!Number.isFinite(value)) refuse(path, 'not-json');
          return;
        case 'boolean':
          return;
        case 'undefined':
          // An absent optional field: JSON.stringify leaves it out, as every writer expects.
          return;
        case 'object': {
          if (value === null) return;
          if (depth > MAX_JSON_DEPTH) refuse(path, 'too-deep');
          if (Array.isArray(value)) {
            value.forEach((item, index) => {
              walk(item, `${path}[${index}]`, depth + 1);
            });
            return;
          }
          for (const [key, item] of Object.entries(value)) {
            const problem = textProblem(key);
            if (problem !== null) refuse(`${path} (a key)`, problem);
            bytes += utf8Bytes(key);
            walk(item, `${path}.${key.toWellFormed()}`, depth + 1);
          }
          return;
        }
        default:
          refuse(path, 'not-json');
      }
    };
    walk(event.data satisfies JsonObject, 'data', 1);
    bytes = 0;
    walk(event.metadata satisfies JsonObject, 'metadata', 1);
  }
}

function textProblem(value: string): UnstorableReason | null {
  if (!value.isWellFormed()) return 'ill-formed-text';
  if (value.includes('\u0000')) return 'nul';
  return null;
}

function utf8Bytes(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}

/**
 * For what older versions stored before this check existed (inside sealed personal fields,
 * where no store could see it): every string, keys included, made storable again. An unpaired
 * surrogate becomes U+FFFD (`toWellFormed`: the reader sees a character was lost) and NUL is
 * dropped. A value with nothing to repair is returned as it is.
 */
export function repairUnstorableText(value: JsonValue): JsonValue {
  if (typeof value === 'string') return textProblem(value) === null ? value : repairText(value);
  if (Array.isArray(value)) return value.map(repairUnstorableText);
  if (typeof value === 'object' && value !== null) {
    const repaired: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      repaired[textProblem(key) === null ? key : repairText(key)] = repairUnstorableText(item);
    }
    return repaired;
  }
  return value;
}

const repairText = (value: string) => value.toWellFormed().replaceAll('\u0000', '');
