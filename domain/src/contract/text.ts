import { z } from 'zod';

/**
 * The one text type of the HTTP contract (ARCHITECTURE.md, "Poison events never halt the read
 * side"). Every string a caller sends, in a body, a query or a path, is one of these, so nothing
 * that PostgreSQL's text and jsonb refuse (NUL) and nothing that disguises text (other control
 * characters, bidirectional overrides) ever becomes an event.
 *
 * Single-line text refuses every control character. Multi-line text (a message, a summary, a
 * reply) also allows tab, line feed and carriage return.
 */

// C0 controls except the three multi-line ones, DEL and C1 controls, line/paragraph separators,
// and the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which
// make a name or a file name read differently from what it is.
const ALWAYS_FORBIDDEN =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069';
const LINE_BREAKS = '\\u0009\\u000A\\u000D';

/** Bidirectional marks (U+200E/F): harmless in prose, but never kept in a file name. */
const BIDI_MARKS = '\\u200E\\u200F';

const singleLinePattern = new RegExp(`^[^${ALWAYS_FORBIDDEN}${LINE_BREAKS}]*$`);
const multiLinePattern = new RegExp(`^[^${ALWAYS_FORBIDDEN}]*$`);
const unsafeSingleLine = new RegExp(`[${ALWAYS_FORBIDDEN}${LINE_BREAKS}${BIDI_MARKS}]`, 'g');
const unsafeMultiLine = new RegExp(`[${ALWAYS_FORBIDDEN}]`, 'g');

export const TEXT_MESSAGES = {
  controlCharacters: 'Text contains characters that are not allowed (control characters).',
} as const;

/** True when `value` holds a character that no field of the contract accepts. */
export function hasForbiddenCharacters(value: string, options: { multiline: boolean }): boolean {
  return !(options.multiline ? multiLinePattern : singleLinePattern).test(value);
}

/**
 * A single-line string of the contract (names, e-mails, ids, codes, search terms, path ids).
 * A regex rather than a refinement, so the rule also appears in the OpenAPI document. `params`
 * are z.string()'s, e.g. the SPEC's "… is required." for a missing field.
 */
export function singleLineText(params?: string | z.core.$ZodStringParams) {
  return z.string(params).regex(singleLinePattern, TEXT_MESSAGES.controlCharacters);
}

/** A multi-line string of the contract: tabs and line breaks allowed, other controls not. */
export function multiLineText(params?: string | z.core.$ZodStringParams) {
  return z.string(params).regex(multiLinePattern, TEXT_MESSAGES.controlCharacters);
}

/**
 * For sinks that must never fail on what a command once accepted (projectors writing events
 * stored before the contract refused these characters, file names from a multipart header):
 * the characters the contract refuses are dropped. Single-line also drops line breaks and the
 * bidi marks U+200E/F (a file name has no use for them).
 */
export function scrubText(value: string, options: { multiline: boolean }): string {
  return value.replace(options.multiline ? unsafeMultiLine : unsafeSingleLine, '');
}
