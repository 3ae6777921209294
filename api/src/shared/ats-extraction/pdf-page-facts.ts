import type { AtsTextItem } from '@shortlist/domain';

/*
 * Facts about a PDF page that its text content alone does not give, read from pdf.js's operator
 * list: the real names of the fonts (a font named "…-Bold" is bold; icon fonts such as Font
 * Awesome draw pictures, not letters) and the small filled shapes drawn at the start of lines
 * (bullets that are drawn rather than typed). Both matter to what a reader sees on the page.
 */

export interface FontFacts {
  /** The font's name without the subset prefix ("ABCDEF+"). */
  name: string;
  bold: boolean;
  /** An icon font: its glyphs are pictures, whatever characters the file maps them to. */
  icons: boolean;
}

const SUBSET_PREFIX = /^[A-Z]{6}\+/u;
// Weight words in font names, and TeX's bold extended faces (cmbx10, cmssbx10, sfbx1000).
const BOLD_NAME =
  /bold|black|heavy|semibd|demibd|[-_]bd\b|^(?:cm|sf|lm|ec|tc)(?:ss)?bx|^cmb\d|^sfb\d/iu;
const ICON_NAME =
  /awesome|simpleicons|academicons|glyphicons|material ?(?:icons|symbols)|ionicons|octicons|typicons|entypo|fontello|icomoon|remixicon|dingbats|wingdings|webdings|devicon|\bicons?\b/iu;

/** The fonts pdf.js loaded for the operator list, by the id the text items carry. */
export function fontFactsOf(
  commonObjs: { get(id: string): unknown },
  fontIds: Iterable<string>,
): Map<string, FontFacts> {
  const facts = new Map<string, FontFacts>();
  for (const id of fontIds) {
    let name: string | null = null;
    try {
      const font = commonObjs.get(id) as { name?: unknown } | undefined;
      name = typeof font?.name === 'string' ? font.name.replace(SUBSET_PREFIX, '') : null;
    } catch {
      // A font pdf.js could not load: the id stays the name, nothing more is known.
    }
    if (name !== null && name !== '') {
      facts.set(id, { name, bold: BOLD_NAME.test(name), icons: ICON_NAME.test(name) });
    }
  }
  return facts;
}

// Icon glyphs moved into the private use area, where the ATS check counts them as icons.
const PRIVATE_USE = 0xe000;
const PRIVATE_USE_SPAN = 0x1900;

/** The item as its font says it is: bold by name, icon glyphs as private-use characters. */
export function withFontFacts(item: AtsTextItem, facts: FontFacts | undefined): AtsTextItem {
  if (facts === undefined) return item;
  const text = facts.icons
    ? Array.from(item.text, (char) => {
        const code = char.codePointAt(0) ?? 0;
        if (/\s/u.test(char) || (code >= 0xe000 && code <= 0xf8ff)) return char;
        return String.fromCodePoint(PRIVATE_USE + (code % PRIVATE_USE_SPAN));
      }).join('')
    : item.text;
  return { ...item, text, fontName: facts.name, bold: item.bold || facts.bold };
}

/** A filled shape's box on the page, in points from the top-left corner. */
export interface DrawnMark {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** pdf.js operator codes the mark reader needs (from its OPS table). */
export interface MarkOps {
  save: number;
  restore: number;
  transform: number;
  constructPath: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: readonly number[]): Matrix {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = n;
  return [
    a * m[0] + b * m[2],
    a * m[1] + b * m[3],
    c * m[0] + d * m[2],
    c * m[1] + d * m[3],
    e * m[0] + f * m[2] + m[4],
    e * m[1] + f * m[3] + m[5],
  ];
}

// A bullet is a dot or a small square: a few points across, about as wide as high.
const MARK_MIN = 1;
const MARK_MAX = 8;
const MARK_ASPECT = 2;
/** Shapes looked at per page at most: a drawing of thousands of paths holds no bullets worth it. */
const MAX_PATHS_PER_PAGE = 5000;

/**
 * The small filled shapes of a page (candidates for drawn bullets), following the current
 * transformation through save/restore, transforms and form XObjects. One pass over the list.
 */
export function drawnMarksOf(
  operators: { fnArray: readonly number[]; argsArray: readonly unknown[] },
  ops: MarkOps,
  pageHeight: number,
): DrawnMark[] {
  const fills = new Set([
    ops.fill,
    ops.eoFill,
    ops.fillStroke,
    ops.eoFillStroke,
    ops.closeFillStroke,
    ops.closeEOFillStroke,
  ]);
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  let paths = 0;
  const marks: DrawnMark[] = [];
  for (let index = 0; index < operators.fnArray.length; index++) {
    const fn = operators.fnArray[index];
    const args = operators.argsArray[index] as unknown[] | null;
    if (fn === ops.save) stack.push(ctm);
    else if (fn === ops.restore) ctm = stack.pop() ?? IDENTITY;
    else if (fn === ops.transform && Array.isArray(args)) ctm = multiply(ctm, args as number[]);
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push(ctm);
      const matrix = Array.isArray(args) ? args[0] : null;
      if (matrix !== null && matrix !== undefined && typeof matrix === 'object') {
        ctm = multiply(ctm, Array.from(matrix as ArrayLike<number>));
      }
    } else if (fn === ops.paintFormXObjectEnd) ctm = stack.pop() ?? IDENTITY;
    else if (fn === ops.constructPath && Array.isArray(args)) {
      paths += 1;
      if (paths > MAX_PATHS_PER_PAGE) break;
      const [drawOp, , minMax] = args as [number, unknown, ArrayLike<number> | null];
      if (!fills.has(drawOp) || minMax === null || minMax === undefined) continue;
      const mark = markOf(ctm, minMax, pageHeight);
      if (mark !== null) marks.push(mark);
    }
  }
  return marks;
}

function markOf(ctm: Matrix, box: ArrayLike<number>, pageHeight: number): DrawnMark | null {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = [box[0], box[1], box[2], box[3]];
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ] as const) {
    xs.push(ctm[0] * x + ctm[2] * y + ctm[4]);
    ys.push(ctm[1] * x + ctm[3] * y + ctm[5]);
  }
  const left = Math.min(...xs);
  const bottom = Math.min(...ys);
  const width = Math.max(...xs) - left;
  const height = Math.max(...ys) - bottom;
  const small = (size: number) => size >= MARK_MIN && size <= MARK_MAX;
  if (!small(width) || !small(height) || Math.max(width / height, height / width) > MARK_ASPECT) {
    return null;
  }
  return { x: left, y: pageHeight - bottom - height, width, height };
}

// The text a drawn bullet marks starts within this many of its font sizes to the right.
const BULLET_REACH = 3;
/** Text items looked at per mark at most (a hostile page may put every item on one line). */
const ITEMS_PER_MARK = 400;

/**
 * Marks the first text item right of each drawn bullet as a list item, as Word's list items
 * are: a shape at the start of a line, with the line's text just after it and nothing before it
 * on that line. Shapes elsewhere (rating dots, decorations) mark nothing.
 */
export function markDrawnBullets(items: AtsTextItem[], marks: readonly DrawnMark[]): void {
  if (marks.length === 0 || items.length === 0) return;
  const order = items
    .map((_, index) => index)
    .sort((a, b) => itemAt(items, a).y - itemAt(items, b).y);
  const tops = order.map((index) => itemAt(items, index).y);
  for (const mark of marks) {
    const middle = mark.y + mark.height / 2;
    // Items whose line can hold the mark start at most one (large) font size above its middle.
    let at = lowerBound(tops, middle - 2 * MARK_MAX * BULLET_REACH);
    let next: number | null = null;
    let blocked = false;
    for (let seen = 0; at < order.length && seen < ITEMS_PER_MARK; at++, seen++) {
      const index = order[at] as number;
      const item = itemAt(items, index);
      if (item.y > middle) break;
      const onLine = middle >= item.y && middle <= item.y + item.fontSize * 1.2;
      if (!onLine || item.text.trim() === '') continue;
      const end = item.x + item.width;
      // Text covering or just before the mark: the shape is inside a line, not at its start.
      if (end > mark.x - item.fontSize && item.x < mark.x) blocked = true;
      const gap = item.x - (mark.x + mark.width);
      if (gap >= -0.5 && gap <= BULLET_REACH * item.fontSize) {
        if (next === null || item.x < itemAt(items, next).x) next = index;
      }
    }
    if (next !== null && !blocked) items[next] = { ...itemAt(items, next), listItem: true };
  }
}

function itemAt(items: readonly AtsTextItem[], index: number): AtsTextItem {
  return items[index] as AtsTextItem;
}

function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
