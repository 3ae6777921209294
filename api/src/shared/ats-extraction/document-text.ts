import type { AtsDocument } from '@shortlist/domain';

// What a file's text may not carry into a report, an event or the admin's screen: C0 controls
// but tab, line feed and carriage return (NUL above all: PostgreSQL's jsonb refuses it), DEL and
// the C1 controls, the line and paragraph separators, and every Bidi_Control character (the
// Arabic letter mark, the LTR/RTL marks, embeddings, overrides and isolates), which make text
// read differently from what it is. A resume's content needs none of them.
const UNSAFE_CHARACTERS =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069';
const UNSAFE = new RegExp(`[${UNSAFE_CHARACTERS}]`, 'g');

/**
 * Text taken from an uploaded file, made safe to show and to store: well-formed UTF-16 (a lone
 * surrogate becomes U+FFFD, as a decoder would), the characters above removed.
 */
export function documentText(text: string): string {
  return text.toWellFormed().replace(UNSAFE, '');
}

/** Every text item of an extracted document passed through `documentText`. */
export function withDocumentText(document: AtsDocument): AtsDocument {
  return {
    ...document,
    items: document.items.map((item) => ({ ...item, text: documentText(item.text) })),
  };
}
