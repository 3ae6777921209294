import type { AtsDocument } from './ats-document';
import type { AtsFields } from './fields';
import type { KeywordMatch } from './keywords';
import type { AtsLine } from './lines';
import type { AtsSection } from './sections';

/*
 * The checks' shared vocabulary. Each check says one sentence: why, and how to fix it. A check
 * that says something is missing has looked for it where it would be and found nothing like it;
 * when it found something it could not read, it says so and quotes it instead (a warning), so
 * that no sentence states what the page visibly contradicts.
 */

export type CheckStatus = 'pass' | 'warn' | 'fail';

export const CHECK_IDS = [
  'text-layer',
  'fields',
  'contact',
  'headings',
  'dates',
  'chronology',
  'layout',
  'header-footer',
  'images',
  'symbols',
  'length',
  'bullets',
  'keywords',
] as const;
export type AtsCheckId = (typeof CHECK_IDS)[number];

export interface AtsCheck {
  id: AtsCheckId;
  title: string;
  status: CheckStatus;
  /** One sentence: why, and how to fix it when it is not a pass. */
  message: string;
}

/** What every check reads. */
export interface CheckInput {
  document: AtsDocument;
  /** Every line in reading order, headers and footers included. */
  lines: readonly AtsLine[];
  sections: readonly AtsSection[];
  fields: AtsFields;
  words: number;
  pages: number;
  keywords: KeywordMatch | null;
  /** The most columns found on one page (1 when the text reads as one column). */
  columns: number;
  /** Lines repeated at the top or bottom of the pages. */
  running: ReadonlySet<AtsLine>;
  /** Icon-font glyphs dropped from the text. */
  icons: number;
}

export const check = (
  id: AtsCheckId,
  title: string,
  status: CheckStatus,
  message: string,
): AtsCheck => ({ id, title, status, message });

export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** Quoted evidence, cut short: what the reader saw, in the resume's own words. */
export function quote(text: string, max = 60): string {
  const tidied = text.replace(/\s+/gu, ' ').trim();
  return `“${tidied.length > max ? `${tidied.slice(0, max - 1)}…` : tidied}”`;
}

export function linesOfKinds(sections: readonly AtsSection[], kinds: readonly string[]): AtsLine[] {
  return sections.filter((s) => kinds.includes(s.kind)).flatMap((s) => s.lines);
}
