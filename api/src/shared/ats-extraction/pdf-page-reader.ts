import type { AtsTextItem } from '@shortlist/domain';
import { getResolvedPDFJS } from 'unpdf';
import './array-buffer-transfer';
import {
  drawnMarksOf,
  fontFactsOf,
  type MarkOps,
  markDrawnBullets,
  withFontFacts,
} from './pdf-page-facts';

interface PageWithOperators {
  getOperatorList(): Promise<{ fnArray: number[]; argsArray: unknown[] }>;
  commonObjs: { get(id: string): unknown };
}

let markOps: Promise<MarkOps> | null = null;

/**
 * A page's text items with what the operator list adds: font names and weights, icon glyphs as
 * private-use characters, and lines that start beside a drawn bullet marked as list items. If
 * pdf.js cannot build the operator list, the items stay as the text content gave them.
 */
export async function withPageFacts(
  page: PageWithOperators,
  items: AtsTextItem[],
  pageHeight: number,
): Promise<AtsTextItem[]> {
  let operators: { fnArray: number[]; argsArray: unknown[] };
  try {
    operators = await page.getOperatorList();
  } catch {
    return items;
  }
  markOps ??= getResolvedPDFJS().then(({ OPS }) => OPS as unknown as MarkOps);
  const facts = fontFactsOf(page.commonObjs, new Set(items.map((item) => item.fontName)));
  const read = items.map((item) => withFontFacts(item, facts.get(item.fontName)));
  markDrawnBullets(read, drawnMarksOf(operators, await markOps, pageHeight));
  return read;
}
