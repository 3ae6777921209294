import { z } from 'zod';

/**
 * The one text type of the HTTP contract (ARCHITECTURE.md, "Poison events never halt the read
 * side"). Every string a caller sends, in a body, a query or a path, is one of these, so nothing
 * that PostgreSQL's text and jsonb refuse (NUL, unpaired surrogates) and nothing that disguises
 * text (other control characters, bidirectional overrides) ever becomes an event.
 *
 * Single-line text refuses every control character. Multi-line text (a message, a summary, a
 * reply) also allows tab, line feed and carriage return. Both refuse ill-formed UTF-16.
 */

// C0 controls except the three multi-line ones, DEL and C1 controls, line/paragraph separators,
// and the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which
// make a name or a file name read differently from what it is.
const ALWAYS_FORBIDDEN =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069';
const LINE_BREAKS = '\\u0009\\u000A\\u000D';

/**
 * The bidirectional marks (U+061C Arabic letter mark, U+200E/F left-to-right and right-to-left
 * marks): harmless in prose, so the contract accepts them, but never kept in a file name, where
 * together with the characters above they complete Unicode's Bidi_Control set.
 */
const BIDI_MARKS = '\\u061C\\u200E\\u200F';

const singleLinePattern = new RegExp(`^[^${ALWAYS_FORBIDDEN}${LINE_BREAKS}]*$`);
const multiLinePattern = new RegExp(`^[^${ALWAYS_FORBIDDEN}]*$`);
const unsafeSingleLine = new RegExp(`[${ALWAYS_FORBIDDEN}${LINE_BREAKS}${BIDI_MARKS}]`, 'g');
const unsafeMultiLine = new RegExp(`[${ALWAYS_FORBIDDEN}]`, 'g');
// The same classes without the g flag, for a test that keeps no lastIndex between calls.
const anyUnsafeSingleLine = new RegExp(unsafeSingleLine.source);
const anyUnsafeMultiLine = new RegExp(unsafeMultiLine.source);

/**
 * Well-formed UTF-16: every surrogate is half of a pair. A JSON body can carry an unpaired one
 * (`"\ud800"`), which no UTF-8 text holds: PostgreSQL's jsonb refuses it, and a sealed personal
 * field would carry it into the store only to fail every projection of it later. Written so
 * that it means the same with and without the `u` flag (an OpenAPI reader may use either): a
 * character that is no surrogate, or a high surrogate followed by a low one. Linear: the two
 * alternatives never start on the same character.
 */
const wellFormedPattern = /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

/** An unpaired surrogate (in `u` mode a paired one is one code point and never matches). */
const loneSurrogate = /[\ud800-\udfff]/gu;
const anyLoneSurrogate = new RegExp(loneSurrogate.source, 'u');

export const TEXT_MESSAGES = {
  controlCharacters: 'Text contains characters that are not allowed (control characters).',
  illFormed: 'Text contains characters that are not allowed (invalid Unicode).',
  /** The event store refused what a request would have recorded (api maps its typed error). */
  unstorable: 'The request holds data that cannot be stored.',
} as const;

/** True when `value` is well-formed UTF-16 (`String.prototype.isWellFormed`, in any browser). */
export function isWellFormedText(value: string): boolean {
  return wellFormedPattern.test(value);
}

/** True when `value` holds a character that no field of the contract accepts. */
export function hasForbiddenCharacters(value: string, options: { multiline: boolean }): boolean {
  return (
    !(options.multiline ? multiLinePattern : singleLinePattern).test(value) ||
    !isWellFormedText(value)
  );
}

/**
 * A single-line string of the contract (names, e-mails, ids, codes, search terms, path ids).
 * Regexes rather than refinements, so the rules also appear in the OpenAPI document. `params`
 * are z.string()'s, e.g. the SPEC's "… is required." for a missing field.
 */
export function singleLineText(params?: string | z.core.$ZodStringParams) {
  return z
    .string(params)
    .regex(wellFormedPattern, TEXT_MESSAGES.illFormed)
    .regex(singleLinePattern, TEXT_MESSAGES.controlCharacters);
}

/** A multi-line string of the contract: tabs and line breaks allowed, other controls not. */
export function multiLineText(params?: string | z.core.$ZodStringParams) {
  return z
    .string(params)
    .regex(wellFormedPattern, TEXT_MESSAGES.illFormed)
    .regex(multiLinePattern, TEXT_MESSAGES.controlCharacters);
}

/**
 * For sinks that must never fail on what a command once accepted (projectors writing events
 * stored before the contract refused these characters, file names from a multipart header):
 * an unpaired surrogate becomes U+FFFD (what `toWellFormed` does: the reader sees that a
 * character was lost), and the characters the contract refuses are dropped. Single-line also
 * drops line breaks and the bidi marks U+061C and U+200E/F (a file name has no use for them).
 */
export function scrubText(value: string, options: { multiline: boolean }): string {
  // Nearly every string is clean, and a rebuild scrubs every string of every event: two tests
  // answer a clean one as it is, in half the time of two replacing scans.
  const unsafe = options.multiline ? anyUnsafeMultiLine : anyUnsafeSingleLine;
  if (!anyLoneSurrogate.test(value) && !unsafe.test(value)) return value;
  return value
    .replace(loneSurrogate, '\ufffd')
    .replace(options.multiline ? unsafeMultiLine : unsafeSingleLine, '');
}
