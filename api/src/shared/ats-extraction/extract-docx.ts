import type { AtsDocument, AtsTextItem } from '@shortlist/domain';
import mammoth from 'mammoth';
import { unreadable } from './extraction-error';

const BODY_SIZE = 11;
const HEADING_SIZE = 14;
const LINE_HEIGHT = 16;

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) {
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      }
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

// One block of mammoth's HTML: a heading, a paragraph or a list item (a nested list's items are
// blocks of their own, so an item's text stops where a nested list starts).
const BLOCK = /<(h[1-6]|p|li)\b[^>]*>(.*?)(?=<\/\1>|<ul|<ol)/gs;

/**
 * A Word file's paragraphs as mammoth reads them (the body only: Word headers and footers are
 * left out, as by many ATS). Paragraphs come in reading order without page positions, so the
 * geometry checks do not apply; tables and images are counted from the HTML.
 */
export async function extractDocx(bytes: Buffer): Promise<AtsDocument> {
  const { value: html } = await mammoth.convertToHtml({ buffer: bytes }).catch(() => {
    throw unreadable('corrupt');
  });
  const items: AtsTextItem[] = [];
  for (const match of html.matchAll(BLOCK)) {
    const tag = match[1] ?? 'p';
    const inner = match[2] ?? '';
    const text = decode(inner);
    if (text === '') continue;
    const heading = tag.startsWith('h');
    const bold = heading || /^<strong>.*<\/strong>$/s.test(inner.trim());
    items.push({
      text,
      x: 0,
      y: items.length * LINE_HEIGHT,
      width: text.length * 6,
      page: 1,
      fontSize: heading ? HEADING_SIZE : BODY_SIZE,
      fontName: bold ? 'bold' : 'regular',
      bold,
      listItem: tag === 'li',
    });
  }
  return {
    kind: 'docx',
    pages: [{ width: 612, height: Math.max(792, (items.length + 1) * LINE_HEIGHT) }],
    items,
    images: html.match(/<img\b/g)?.length ?? 0,
    tables: html.match(/<table\b/g)?.length ?? 0,
    positioned: false,
    limitations: [],
  };
}
