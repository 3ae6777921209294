import type { AtsDocument, AtsTextItem } from './ats-document';
import { columnGutters, type Gutter, gutterCandidates, type RowSegment, sideOf } from './columns';

/** A run of items on one line with no wide gap inside: one cell of a row. */
interface LineSegment {
  text: string;
  x: number;
  xEnd: number;
}

/** One visual line, as a parser rebuilds it from items that share a baseline. */
export interface AtsLine {
  page: number;
  y: number;
  x: number;
  xEnd: number;
  /** Where the words start, after a bullet mark set as an item of its own. */
  textX: number;
  fontSize: number;
  /** Every item of the line is emphasised (bold, or a font other than the body's). */
  emphasised: boolean;
  /** Every item of the line is bold. */
  bold: boolean;
  listItem: boolean;
  segments: readonly LineSegment[];
  /** The segments joined as a parser's plain text shows them. */
  text: string;
  /** Its column on the page, 0 from the left; -1 for a line across the columns. */
  column: number;
}

/** What the reader found on one page: its columns (1 when none were found). */
interface PageLayout {
  page: number;
  columns: number;
}

export interface ReadingOrder {
  lines: AtsLine[];
  layouts: PageLayout[];
}

// Items whose tops differ by less than this share of their font size sit on one line.
const SAME_LINE = 0.5;
// A gap wider than this many font sizes starts a new segment (a column, a cell, a right-aligned date).
const SEGMENT_GAP = 2.2;
// A gap wider than this share of a font size is a space the file did not draw.
const WORD_GAP = 0.15;

/** The font most characters are set in: anything else reads as emphasis. */
function bodyFontOf(items: readonly AtsTextItem[]): string | null {
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

/** Items → rows: top to bottom, each row's items left to right. */
function rowsOf(items: readonly AtsTextItem[]): AtsTextItem[][] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: AtsTextItem[][] = [];
  let first: AtsTextItem | null = null;
  for (const item of sorted) {
    const row = rows.at(-1);
    if (
      row !== undefined &&
      first !== null &&
      Math.abs(first.y - item.y) < SAME_LINE * Math.max(first.fontSize, item.fontSize)
    ) {
      row.push(item);
    } else {
      rows.push([item]);
      first = item;
    }
  }
  for (const row of rows) row.sort((a, b) => a.x - b.x);
  return rows;
}

/** A row cut into segments at wide gaps and at any candidate gutter between two items. */
function segmentsOf(row: readonly AtsTextItem[], index: number, gutters: readonly Gutter[]) {
  const segments: RowSegment[] = [];
  let parts: string[] = [];
  let current: RowSegment | null = null;
  let previous: AtsTextItem | null = null;
  const close = () => {
    if (current !== null) current.text = parts.join('').replace(/\s+/gu, ' ').trim();
  };
  for (const item of row) {
    const end = previous === null ? 0 : previous.x + previous.width;
    const gap = previous === null ? 0 : item.x - end;
    const acrossGutter = gutters.some((g) => end <= g.start + 1 && item.x >= g.end - 1);
    if (current === null || gap > SEGMENT_GAP * item.fontSize || acrossGutter) {
      close();
      parts = [item.text];
      current = {
        items: [item],
        text: '',
        x: item.x,
        xEnd: item.x + item.width,
        y: item.y,
        row: index,
      };
      segments.push(current);
    } else {
      const last = parts.at(-1) ?? '';
      const spaced = /\s$/u.test(last) || /^\s/u.test(item.text);
      parts.push(gap > WORD_GAP * item.fontSize && !spaced ? ` ${item.text}` : item.text);
      current.items.push(item);
      current.xEnd = Math.max(current.xEnd, item.x + item.width);
      current.y = Math.min(current.y, item.y);
    }
    previous = item;
  }
  close();
  return segments.filter((segment) => segment.text !== '');
}

function lineOf(segments: readonly RowSegment[], column: number, bodyFont: string | null): AtsLine {
  let fontSize = 0;
  let emphasised = true;
  let bold = true;
  let listItem = false;
  let y = Number.POSITIVE_INFINITY;
  let page = 1;
  for (const segment of segments) {
    y = Math.min(y, segment.y);
    for (const item of segment.items) {
      page = item.page;
      fontSize = Math.max(fontSize, item.fontSize);
      emphasised &&= item.bold || (bodyFont !== null && item.fontName !== bodyFont);
      bold &&= item.bold;
      listItem ||= item.listItem === true;
    }
  }
  const first = segments[0] as RowSegment;
  const last = segments.at(-1) as RowSegment;
  const words = first.items.find((item) => !BULLET_ONLY.test(item.text));
  const cells = segments.map(({ text, x, xEnd }) => ({ text, x, xEnd }));
  return {
    page,
    y,
    x: first.x,
    xEnd: last.xEnd,
    textX: words?.x ?? first.x,
    fontSize,
    emphasised,
    bold,
    listItem,
    segments: cells,
    text: cells.map((cell) => cell.text).join('   '),
    column,
  };
}

/** The body text's most common font size, weighted by characters. */
function commonSize(items: readonly AtsTextItem[]): number {
  const counts = new Map<number, number>();
  for (const item of items) {
    const size = Math.round(item.fontSize * 2) / 2;
    counts.set(size, (counts.get(size) ?? 0) + item.text.length);
  }
  let best = 10;
  let bestCount = -1;
  for (const [size, count] of counts) {
    if (count > bestCount) [best, bestCount] = [size, count];
  }
  return best;
}

/**
 * A page's lines in reading order. Without columns: top to bottom, each row one line (its
 * cells kept apart as segments). With columns: each column top to bottom, left column first;
 * a line across the columns (a name, a full-width heading) ends the columns above it.
 */
function pageLines(
  items: readonly AtsTextItem[],
  pageWidth: number,
  positioned: boolean,
  bodyFont: string | null,
): { lines: AtsLine[]; columns: number } {
  const rows = rowsOf(items);
  const candidates = positioned
    ? gutterCandidates(items, pageWidth, rows.length, commonSize(items))
    : [];
  const rowSegments = rows.map((row, index) => segmentsOf(row, index, candidates));
  const gutters = columnGutters(candidates, rowSegments.flat());
  if (gutters.length === 0) {
    return {
      lines: rowSegments.filter((s) => s.length > 0).map((s) => lineOf(s, 0, bodyFont)),
      columns: 1,
    };
  }
  const columnOf = (segment: RowSegment): number => {
    let column = 0;
    for (const gutter of gutters) {
      const side = sideOf(segment, gutter);
      // Across the whole gutter: a line over the columns (a full-width heading).
      if (side === 'across' && segment.x < gutter.start) return -1;
      if (side !== 'left') column += 1;
    }
    return column;
  };
  // Rows above the columns (the name, a contact line across the page) and below them are read
  // across; a small slack keeps a column's first line, set a little higher, inside.
  const top = Math.min(...gutters.map((gutter) => gutter.top)) - 2;
  const bottom = Math.max(...gutters.map((gutter) => gutter.bottom)) + 2;
  const buffers: RowSegment[][] = gutters.map(() => []);
  buffers.push([]);
  const lines: AtsLine[] = [];
  const flush = () => {
    buffers.forEach((buffer, column) => {
      let row: RowSegment[] = [];
      for (const segment of buffer) {
        if (row.length > 0 && row[0]?.row !== segment.row) {
          lines.push(lineOf(row, column, bodyFont));
          row = [];
        }
        row.push(segment);
      }
      if (row.length > 0) lines.push(lineOf(row, column, bodyFont));
      buffer.length = 0;
    });
  };
  for (const segments of rowSegments) {
    const first = segments[0];
    if (first === undefined) continue;
    const columns = segments.map(columnOf);
    if (first.y < top || first.y > bottom || columns.includes(-1)) {
      flush();
      lines.push(lineOf(segments, -1, bodyFont));
      continue;
    }
    segments.forEach((segment, index) => {
      buffers[columns[index] as number]?.push(segment);
    });
  }
  flush();
  return { lines, columns: gutters.length + 1 };
}

/** Items → lines in reading order, page by page, and the columns found on each page. */
export function readLines(document: AtsDocument): ReadingOrder {
  const items = document.items.filter((item) => item.text.trim() !== '');
  const bodyFont = bodyFontOf(items);
  const byPage = new Map<number, AtsTextItem[]>();
  for (const item of items) {
    const page = byPage.get(item.page);
    if (page === undefined) byPage.set(item.page, [item]);
    else page.push(item);
  }
  const lines: AtsLine[] = [];
  const layouts: PageLayout[] = [];
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    const width = document.pages[page - 1]?.width ?? 612;
    const read = pageLines(byPage.get(page) ?? [], width, document.positioned, bodyFont);
    for (const line of read.lines) lines.push(line);
    layouts.push({ page, columns: read.columns });
  }
  return { lines, layouts };
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
const BULLET_ONLY = /^\s*(?:[•◦▪‣●○■□➢➤►▶✓✔\-–—*·]\s*)?$/u;

export function isBulletLine(line: AtsLine): boolean {
  return line.listItem || BULLET_START.test(line.text);
}

/** The line's text without its bullet mark. */
export function bulletless(text: string): string {
  return text.replace(BULLET_START, '').trim();
}
