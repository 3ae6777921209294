import type { AtsDocument } from './ats-document';
import type { AtsLine } from './lines';

/*
 * A page header or footer in a PDF is text repeated at the top or bottom of the pages ("Jane
 * Doe · Résumé · 2"). Only repetition is evidence of one: a single page's top line is its body.
 */

/** The share of a page's height at its top and bottom where headers and footers sit. */
const MARGIN_ZONE = 0.08;
const MAX_KEY = 200;

function keyOf(line: AtsLine, zone: 'top' | 'bottom'): string {
  // Page numbers and dates change from page to page; the rest of a running line does not.
  return `${zone}:${line.text.slice(0, MAX_KEY).toLowerCase().replace(/\d+/gu, '#').replace(/\s+/gu, ' ').trim()}`;
}

/** The lines that repeat in the top or bottom margin of at least two pages. */
export function runningLinesOf(document: AtsDocument, lines: readonly AtsLine[]): Set<AtsLine> {
  const running = new Set<AtsLine>();
  if (!document.positioned || document.pages.length < 2) return running;
  const byKey = new Map<string, { pages: Set<number>; lines: AtsLine[] }>();
  for (const line of lines) {
    const page = document.pages[line.page - 1];
    if (page === undefined) continue;
    const zone = page.height * MARGIN_ZONE;
    const where =
      line.y < zone ? 'top' : line.y + line.fontSize > page.height - zone ? 'bottom' : null;
    if (where === null) continue;
    const key = keyOf(line, where);
    const group = byKey.get(key) ?? { pages: new Set<number>(), lines: [] };
    group.pages.add(line.page);
    group.lines.push(line);
    byKey.set(key, group);
  }
  for (const group of byKey.values()) {
    if (group.pages.size >= 2) for (const line of group.lines) running.add(line);
  }
  return running;
}
