import type { AtsTextItem } from './ats-document';
import { holdsContact } from './contact-patterns';
import { isSideNote } from './side-notes';

/*
 * Columns from the text items' x positions: a gutter is a band of x that no line crosses (a few
 * header lines may) with real text on both sides, running down the page. A band with only dates
 * or places on one side (a date gutter, right-aligned dates) is not a gutter between columns.
 * Linear: one coverage histogram per page, a fixed number of bins.
 */

export interface Gutter {
  start: number;
  end: number;
}

/** One run of text on a row: what lies between two wide gaps or gutters. */
export interface RowSegment {
  items: AtsTextItem[];
  text: string;
  x: number;
  xEnd: number;
  y: number;
  row: number;
}

const MAX_BINS = 2000;
// Lines allowed across a gutter (a name, a contact line, a rule of text), as a share of rows.
const CROSSING_SHARE = 0.1;
const MIN_CROSSING = 2;
// A gutter is at least this many body font sizes wide.
const MIN_GUTTER_FONT_SIZES = 0.8;
const MIN_COLUMN_SEGMENTS = 4;
const MIN_COLUMN_SHARE = 0.03;
const MIN_VERTICAL_OVERLAP = 0.25;
/** Candidates weighed per page at most, widest first: real layouts have one or two gutters. */
const MAX_CANDIDATES = 6;

/** Bands of x that at most a few rows cross, with text on both sides. */
export function gutterCandidates(
  items: readonly AtsTextItem[],
  pageWidth: number,
  rows: number,
  fontSize: number,
): Gutter[] {
  if (items.length === 0) return [];
  let textStart = Number.POSITIVE_INFINITY;
  let textEnd = 0;
  for (const item of items) {
    textStart = Math.min(textStart, item.x);
    textEnd = Math.max(textEnd, item.x + item.width);
  }
  const width = Math.max(pageWidth, textEnd, 1);
  const bins = Math.min(MAX_BINS, Math.ceil(width));
  const scale = bins / width;
  const change = new Int32Array(bins + 1);
  for (const item of items) {
    const from = Math.max(0, Math.min(bins, Math.floor(item.x * scale)));
    const to = Math.max(0, Math.min(bins, Math.ceil((item.x + item.width) * scale)));
    if (to <= from) continue;
    change[from] = (change[from] ?? 0) + 1;
    change[to] = (change[to] ?? 0) - 1;
  }
  const tolerance = Math.max(MIN_CROSSING, Math.ceil(rows * CROSSING_SHARE));
  const minWidth = Math.max(6, MIN_GUTTER_FONT_SIZES * fontSize) * scale;
  const first = Math.ceil(textStart * scale) + 1;
  const last = Math.floor(textEnd * scale) - 1;
  const gutters: Gutter[] = [];
  let coverage = 0;
  let runStart = -1;
  for (let bin = 0; bin <= bins; bin++) {
    coverage += change[bin] ?? 0;
    const open = bin >= first && bin <= last && coverage <= tolerance;
    if (open && runStart < 0) runStart = bin;
    if (!open && runStart >= 0) {
      if (bin - runStart >= minWidth) gutters.push({ start: runStart / scale, end: bin / scale });
      runStart = -1;
    }
  }
  return gutters
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, MAX_CANDIDATES)
    .sort((a, b) => a.start - b.start);
}

/** A gutter that parts columns, and the band of the page where the columns run. */
export interface ColumnGutter extends Gutter {
  top: number;
  bottom: number;
}

/**
 * Where a segment sits against a gutter: right of it (from the right column's edge on), left
 * of it (anything that ends before that edge, even if it reaches into the gutter, as labels of
 * a chart may), or across it.
 */
export function sideOf(segment: RowSegment, gutter: Gutter): 'left' | 'right' | 'across' {
  const edge = gutter.end - Math.min(2, (gutter.end - gutter.start) / 4);
  if (segment.x >= edge) return 'right';
  if (segment.xEnd <= edge) return 'left';
  return 'across';
}

interface Side {
  segments: number;
  chars: number;
  top: number;
  bottom: number;
}

const emptySide = (): Side => ({
  segments: 0,
  chars: 0,
  top: Number.POSITIVE_INFINITY,
  bottom: Number.NEGATIVE_INFINITY,
});

/** Text that makes a column: not a date or a place beside the text, not a link or an id. */
function isColumnText(text: string): boolean {
  return (text.match(/\p{L}/gu)?.length ?? 0) >= 3 && !isSideNote(text) && !holdsContact(text);
}

/**
 * The candidates that part two columns of text: each side holds text that is not only dates,
 * places or links, enough of it, and the two sides run down the page beside each other. The
 * band where both run is where the page is read column by column; rows above it (a name and
 * contact line across the page) and below it are read across.
 */
export function columnGutters(
  candidates: readonly Gutter[],
  segments: readonly RowSegment[],
): ColumnGutter[] {
  if (candidates.length === 0) return [];
  const text = segments.map((segment) => isColumnText(segment.text));
  let pageChars = 0;
  for (const segment of segments) pageChars += segment.text.length;
  const gutters: ColumnGutter[] = [];
  for (const gutter of candidates) {
    const left = emptySide();
    const right = emptySide();
    segments.forEach((segment, index) => {
      if (text[index] !== true) return;
      const side = sideOf(segment, gutter);
      if (side === 'across') return;
      const tally = side === 'left' ? left : right;
      tally.segments += 1;
      tally.chars += segment.text.length;
      tally.top = Math.min(tally.top, segment.y);
      tally.bottom = Math.max(tally.bottom, segment.y);
    });
    const substantial = (side: Side) =>
      side.segments >= MIN_COLUMN_SEGMENTS && side.chars >= MIN_COLUMN_SHARE * pageChars;
    if (!substantial(left) || !substantial(right)) continue;
    const overlap = Math.min(left.bottom, right.bottom) - Math.max(left.top, right.top);
    const shorter = Math.min(left.bottom - left.top, right.bottom - right.top);
    if (shorter <= 0 || overlap < MIN_VERTICAL_OVERLAP * shorter) continue;
    gutters.push({
      ...gutter,
      top: Math.max(left.top, right.top),
      bottom: Math.max(left.bottom, right.bottom),
    });
  }
  return distinctGutters(gutters, segments, text);
}

/**
 * Gutters with a real column between each two of them: of two bands that part the same two
 * columns (a gap that an intruding chart label cuts in two), the wider is the gutter.
 */
function distinctGutters(
  gutters: readonly ColumnGutter[],
  segments: readonly RowSegment[],
  text: readonly boolean[],
): ColumnGutter[] {
  const kept: ColumnGutter[] = [];
  for (const gutter of [...gutters].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    const apart = kept.every((other) => {
      const [first, second] = other.start < gutter.start ? [other, gutter] : [gutter, other];
      let between = 0;
      segments.forEach((segment, index) => {
        if (
          text[index] === true &&
          segment.x >= first.end - 2 &&
          segment.xEnd <= second.start + 2
        ) {
          between += 1;
        }
      });
      return between >= MIN_COLUMN_SEGMENTS;
    });
    if (apart) kept.push(gutter);
  }
  return kept.sort((a, b) => a.start - b.start);
}
