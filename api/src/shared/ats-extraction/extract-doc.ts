import type { AtsDocument, AtsTextItem } from '@shortlist/domain';
import { ATS_MESSAGES } from '@shortlist/domain/contract';

// Word 97–2003 keeps the body text in its WordDocument stream as runs of 8-bit or UTF-16LE
// characters, paragraphs ended by a carriage return. Without a .doc parser among our libraries,
// the check reads those runs and says plainly that nothing else was looked at.
const MIN_RUN = 40;
const LINE_HEIGHT = 16;

function runsOf(text: string): string[] {
  return (text.match(/[\t\r\n\x20-\x7e\u00a0-\u024f\u2010-\u2027]{40,}/g) ?? []).filter(
    (run) =>
      run.replace(/[^\p{L}]/gu, '').length >= 0.6 * run.trim().length && run.length >= MIN_RUN,
  );
}

/** The larger of the two readings (8-bit or UTF-16LE) is the document's text. */
function legacyDocText(bytes: Buffer): string {
  const latin = runsOf(bytes.toString('latin1'));
  const wide = runsOf(bytes.toString('utf16le'));
  const length = (runs: string[]) => runs.reduce((sum, run) => sum + run.length, 0);
  return (length(wide) >= length(latin) ? wide : latin).join('\r');
}

export function extractDoc(bytes: Buffer): AtsDocument {
  const paragraphs = legacyDocText(bytes)
    .split(/[\r\n]+/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
  const items: AtsTextItem[] = paragraphs.map((text, index) => ({
    text,
    x: 0,
    y: index * LINE_HEIGHT,
    width: text.length * 6,
    page: 1,
    fontSize: 11,
    fontName: 'regular',
    bold: false,
  }));
  return {
    kind: 'doc',
    pages: [{ width: 612, height: Math.max(792, (items.length + 1) * LINE_HEIGHT) }],
    items,
    images: 0,
    tables: 0,
    positioned: false,
    limitations: [ATS_MESSAGES.legacyDoc],
  };
}
