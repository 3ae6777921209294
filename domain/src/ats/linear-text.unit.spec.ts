import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AtsDocument, AtsTextItem } from './ats-document';
import {
  firstEmailIn,
  PART_SEPARATOR,
  trimEndWhere,
  trimWhere,
  withoutPieces,
} from './linear-text';
import { linesOf } from './lines';

// The linear rewrites must find exactly what the backtracking originals found: each is compared
// with the original on many short random inputs (where the original is still fast).

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/u;

const emailish = fc.string({
  unit: fc.constantFrom('a', 'Z', '1', '_', '.', '+', '-', '@', ' ', 'é', ',', '\n'),
  maxLength: 40,
});

describe('firstEmailIn', () => {
  it('finds what the e-mail regular expression finds', () => {
    fc.assert(
      fc.property(emailish, (text) => {
        expect(firstEmailIn(text)).toBe(EMAIL.exec(text)?.[0] ?? null);
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads ordinary addresses', () => {
    expect(firstEmailIn('Pune · asha.rao+jobs@mail.example.co.in · +91')).toBe(
      'asha.rao+jobs@mail.example.co.in',
    );
    expect(firstEmailIn('no address @ all')).toBeNull();
  });
});

describe('withoutPieces', () => {
  it('replaces each piece where it is found, in order', () => {
    expect(
      withoutPieces(
        'Jan 2020 – Present and 2018 – 2019',
        ['Jan 2020 – Present', '2018 – 2019'],
        ' ',
      ),
    ).toBe('  and  ');
    expect(withoutPieces('a 2019 b 2019', ['2019', '2019'], '')).toBe('a  b ');
    expect(withoutPieces('abc', ['x'], '-')).toBe('abc');
  });
});

const separated = fc.string({
  unit: fc.constantFrom(' ', '\t', '\u00a0', '|', '•', '·', '–', '—', '-', 'a', 'B', ',', ':', '.'),
  maxLength: 30,
});

describe('PART_SEPARATOR', () => {
  it('splits as the backtracking pattern did', () => {
    const original = /\s+[|•·]\s+|\s+[–—]\s+(?=\p{L})|\t/u;
    fc.assert(
      fc.property(separated, (text) => {
        expect(text.split(PART_SEPARATOR)).toEqual(text.split(original));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('trimWhere and trimEndWhere', () => {
  it('trim as the backtracking patterns did', () => {
    fc.assert(
      fc.property(separated, (text) => {
        expect(trimWhere(text, /[\s,|–—-]/u)).toBe(text.replace(/^[\s,|–—-]+|[\s,|–—-]+$/gu, ''));
        expect(trimEndWhere(text, /[\s,|–—-]/u)).toBe(text.replace(/[\s,|–—-]+$/u, ''));
        expect(trimEndWhere(text, /[:.\s]/u)).toBe(text.replace(/[:.\s]+$/u, ''));
      }),
      { numRuns: 5_000 },
    );
  });
});

// The segment text as it was built before: the whole text normalised again at every item.
function referenceSegmentTexts(items: readonly AtsTextItem[]): string[] {
  const sorted = [...items].sort((a, b) => a.x - b.x);
  const segments: { text: string }[] = [];
  let previous: AtsTextItem | null = null;
  for (const item of sorted) {
    const current = segments.at(-1);
    const gap = previous === null ? 0 : item.x - (previous.x + previous.width);
    if (current === undefined || previous === null || gap > 2.2 * item.fontSize) {
      segments.push({ text: item.text.trim() });
    } else {
      const joiner =
        gap > 0.15 * item.fontSize && !current.text.endsWith(' ') && !item.text.startsWith(' ')
          ? ' '
          : '';
      current.text = `${current.text}${joiner}${item.text}`.replace(/\s+/g, ' ').trim();
    }
    previous = item;
  }
  return segments.map((segment) => segment.text);
}

const itemOnOneLine = fc.record({
  text: fc.string({ unit: fc.constantFrom('a', 'B', ' ', '\t', '\u00a0', '-', '1'), maxLength: 8 }),
  x: fc.integer({ min: 0, max: 400 }),
  width: fc.integer({ min: 0, max: 60 }),
});

describe('linesOf', () => {
  it('builds each segment as re-normalising the whole text at every item did', () => {
    fc.assert(
      fc.property(fc.array(itemOnOneLine, { minLength: 1, maxLength: 12 }), (raw) => {
        const items: AtsTextItem[] = raw.map((item) => ({
          ...item,
          y: 100,
          page: 1,
          fontSize: 10,
          fontName: 'f',
          bold: false,
        }));
        // Items with nothing but blanks are dropped before lines are built.
        const kept = items.filter((item) => item.text.trim() !== '');
        const document: AtsDocument = {
          kind: 'pdf',
          pages: [{ width: 612, height: 792 }],
          items,
          images: 0,
          tables: 0,
          positioned: true,
          limitations: [],
        };
        const lines = linesOf(document);
        if (kept.length === 0) {
          expect(lines).toEqual([]);
          return;
        }
        expect(lines.flatMap((line) => line.segments.map((segment) => segment.text))).toEqual(
          referenceSegmentTexts(kept),
        );
      }),
      { numRuns: 3_000 },
    );
  });
});
