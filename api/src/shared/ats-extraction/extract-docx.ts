import type { AtsDocument, AtsTextItem } from '@shortlist/domain';
import mammoth from 'mammoth';
import { checkDocxPackage } from './docx-package-check';
import { unreadable } from './extraction-error';

const BODY_SIZE = 11;
const HEADING_SIZE = 14;
const LINE_HEIGHT = 16;
/** Where a part after a tab starts: right of any title, as a PDF's right-aligned dates. */
const TAB_X = 400;

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

// Pictures are counted, never read: mammoth would otherwise inflate each one and inline it in
// the HTML as base64, work and memory for nothing the check looks at.
const PICTURE_PLACEHOLDER = mammoth.images.imgElement(async () => ({ src: '' }));

/**
 * A Word file's paragraphs as mammoth reads them (the body only: Word headers and footers are
 * left out, as by many ATS). Paragraphs come in reading order without page positions, so the
 * geometry checks do not apply; tables and images are counted from the HTML.
 */
export async function extractDocx(bytes: Buffer): Promise<AtsDocument> {
  await checkDocxPackage(bytes);
  const { value: html } = await mammoth
    .convertToHtml({ buffer: bytes }, { convertImage: PICTURE_PLACEHOLDER })
    .catch(() => {
      throw unreadable('corrupt');
    });
  const items: AtsTextItem[] = [];
  let line = 0;
  for (const match of html.matchAll(BLOCK)) {
    const tag = match[1] ?? 'p';
    const heading = tag.startsWith('h');
    // A tab stop sets a paragraph's parts apart ("Data Analyst | Acme<tab>Feb 2023 – Present"):
    // each part is an item of its own on the line, as a PDF's right-aligned dates are.
    const parts = (match[2] ?? '')
      .split('\t')
      .map((inner) => ({ inner, text: decode(inner) }))
      .filter((part) => part.text !== '');
    if (parts.length === 0) continue;
    parts.forEach(({ inner, text }, index) => {
      const bold = heading || /^<strong>.*<\/strong>$/s.test(inner.trim());
      items.push({
        text,
        x: index === 0 ? 0 : TAB_X * index,
        y: line * LINE_HEIGHT,
        width: text.length * 6,
        page: 1,
        fontSize: heading ? HEADING_SIZE : BODY_SIZE,
        fontName: bold ? 'bold' : 'regular',
        bold,
        listItem: tag === 'li',
      });
    });
    line += 1;
  }
  return {
    kind: 'docx',
    pages: [{ width: 612, height: Math.max(792, (line + 1) * LINE_HEIGHT) }],
    items,
    images: html.match(/<img\b/g)?.length ?? 0,
    tables: html.match(/<table\b/g)?.length ?? 0,
    positioned: false,
    limitations: [],
  };
}
