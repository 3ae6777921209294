import type { AtsDocument, AtsTextItem } from './ats-document';

/** A run of items on one line with no wide gap inside: one cell of a row. */
export interface LineSegment {
  text: string;
  x: number;
  xEnd: number;
}

/** One visual line, as a parser rebuilds it from items that share a baseline. */
export interface AtsLine {
  page: number;
  y: number;
  x: number;
  fontSize: number;
  /** Every item of the line is emphasised (bold, or a font other than the body's). */
  emphasised: boolean;
  listItem: boolean;
  segments: readonly LineSegment[];
  /** The segments joined as a parser's plain text shows them. */
  text: string;
}

// Items whose tops differ by less than this share of their font size sit on one line.
const SAME_LINE = 0.5;
// A gap wider than this many font sizes starts a new segment (a column, a cell, a right-aligned date).
const SEGMENT_GAP = 2.2;
// A gap wider than this share of a font size is a space the file did not draw.
const WORD_GAP = 0.15;

/** The font most characters are set in: anything else reads as emphasis. */
export function bodyFontOf(items: readonly AtsTextItem[]): string | null {
  const counts = new Map<string, number>();
  for (const item of items) {
    counts.set(item.fontName, (counts.get(item.fontName) ?? 0) + item.text.trim().length);
  }
  let best: string | null = null;
  let bestCount = 0;
  for (const [font, count] of counts) {
    if (count > bestCount) [best, bestCount] = [font, count];
  }
  return best;
}

/**
 * Items → lines in reading order: page, then top to bottom, then left to right. Two columns side
 * by side end up interleaved line by line, which is exactly what a parser would read.
 */
export function linesOf(document: AtsDocument): AtsLine[] {
  const items = document.items.filter((item) => item.text.trim() !== '');
  const bodyFont = bodyFontOf(items);
  const sorted = [...items].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  const groups: AtsTextItem[][] = [];
  for (const item of sorted) {
    const current = groups.at(-1);
    const first = current?.[0];
    if (
      current !== undefined &&
      first !== undefined &&
      first.page === item.page &&
      Math.abs(first.y - item.y) < SAME_LINE * Math.max(first.fontSize, item.fontSize)
    ) {
      current.push(item);
    } else {
      groups.push([item]);
    }
  }
  return groups.map((group) => lineOf(group, bodyFont));
}

function lineOf(group: AtsTextItem[], bodyFont: string | null): AtsLine {
  const items = [...group].sort((a, b) => a.x - b.x);
  const segments: LineSegment[] = [];
  // Each segment's text is built from pieces joined once at the end: rebuilding the whole text
  // at every item made a line of 50,000 items take seconds (quadratic).
  const pieces: SegmentText[] = [];
  let previous: AtsTextItem | null = null;
  for (const item of items) {
    const current = segments.at(-1);
    const text = pieces.at(-1);
    const gap = previous === null ? 0 : item.x - (previous.x + previous.width);
    if (
      current === undefined ||
      text === undefined ||
      previous === null ||
      gap > SEGMENT_GAP * item.fontSize
    ) {
      segments.push({ text: item.text.trim(), x: item.x, xEnd: item.x + item.width });
      pieces.push(new SegmentText(item.text.trim()));
    } else {
      // The text so far is trimmed, so it never ends in a space of its own.
      const joiner = gap > WORD_GAP * item.fontSize && !item.text.startsWith(' ') ? ' ' : '';
      text.append(`${joiner}${item.text}`);
      current.xEnd = item.x + item.width;
    }
    previous = item;
  }
  segments.forEach((segment, index) => {
    segment.text = pieces[index]?.text() ?? segment.text;
  });
  const first = items[0] as AtsTextItem;
  let y = first.y;
  let fontSize = first.fontSize;
  for (const item of items) {
    y = Math.min(y, item.y);
    fontSize = Math.max(fontSize, item.fontSize);
  }
  return {
    page: first.page,
    y,
    x: first.x,
    fontSize,
    emphasised: items.every(
      (item) => item.bold || (bodyFont !== null && item.fontName !== bodyFont),
    ),
    listItem: items.some((item) => item.listItem === true),
    segments,
    text: segments.map((segment) => segment.text).join('   '),
  };
}

/**
 * A segment's text as `(text + joiner + item).replace(/\s+/g, ' ').trim()` after each item makes
 * it, in time linear in the items' length: the text so far is always trimmed and collapsed, so
 * each new piece only needs its own whitespace collapsed, its end trimmed, and its start too
 * while the text is still empty. A segment of one item keeps that item's trimmed text as it is.
 */
class SegmentText {
  private readonly pieces: string[];
  private joined = false;
  private empty: boolean;

  constructor(private readonly first: string) {
    this.pieces = [first.replace(/\s+/g, ' ')];
    this.empty = first === '';
  }

  append(raw: string): void {
    this.joined = true;
    const collapsed = raw.replace(/\s+/g, ' ');
    const piece = this.empty ? collapsed.trim() : collapsed.trimEnd();
    if (piece !== '') this.empty = false;
    this.pieces.push(piece);
  }

  text(): string {
    return this.joined ? this.pieces.join('') : this.first;
  }
}

/** The plain text a parser hands on: one line per line, pages separated by a blank line. */
export function plainTextOf(lines: readonly AtsLine[]): string {
  const out: string[] = [];
  let page = lines[0]?.page ?? 1;
  for (const line of lines) {
    if (line.page !== page) {
      out.push('');
      page = line.page;
    }
    out.push(line.listItem && !BULLET_START.test(line.text) ? `• ${line.text}` : line.text);
  }
  return out.join('\n');
}

/** A line a reader takes for a bullet point. */
export const BULLET_START = /^\s*[•◦▪‣●○■□➢➤►▶✓✔\-–—*·]\s*/u;

export function isBulletLine(line: AtsLine): boolean {
  return line.listItem || BULLET_START.test(line.text);
}

/** The line's text without its bullet mark. */
export function bulletless(text: string): string {
  return text.replace(BULLET_START, '').trim();
}
