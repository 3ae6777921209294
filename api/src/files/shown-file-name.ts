import { scrubText } from '@shortlist/domain';

/**
 * A stored file's name as the apps show it. Names are scrubbed where an upload enters
 * (document-upload.ts); older versions kept some Bidi_Control characters (U+061C) and, before
 * that, every one of them, so a name read back from an order is shown without them too: one
 * line, no control or bidirectional character. The stored name stays the file's identity (an
 * attachment's URL); only what people read changes.
 */
export function shownFileName(name: string): string {
  return scrubText(name, { multiline: false });
}
