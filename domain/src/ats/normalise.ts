import type { AtsDocument, AtsTextItem } from './ats-document';

/*
 * Text as a reader sees it, before any rule looks at it: the characters a file uses for the same
 * visible thing made one. Every pass is a single scan of the text.
 */

// Dashes a range or a phone number is written with: U+2010–2011 are hyphens, U+2012–2013 the
// en dash family, U+2014–2015 the em dash family, U+2212 the minus sign.
const DASHES: Readonly<Record<string, string>> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '–',
  '\u2013': '–',
  '\u2014': '—',
  '\u2015': '—',
  '\u2212': '-',
  '\uFE58': '—',
  '\uFE63': '-',
  '\uFF0D': '-',
};

const LIGATURES: Readonly<Record<string, string>> = {
  '\uFB00': 'ff',
  '\uFB01': 'fi',
  '\uFB02': 'fl',
  '\uFB03': 'ffi',
  '\uFB04': 'ffl',
  '\uFB05': 'st',
  '\uFB06': 'st',
};

// Bullets drawn with a symbol font's private-use code points (Symbol's •, Wingdings' ▪ ❖ ➢ ✓),
// and the many bullet-like characters: each reads as the one bullet "•".
const BULLET_GLYPHS = new Set([
  '\uF0B7',
  '\uF0A7',
  '\uF076',
  '\uF0D8',
  '\uF0FC',
  '\uF0A8',
  '\uF06E',
  '\uF0E8',
  '\u2022',
  '\u2023',
  '\u2043',
  '\u2219',
  '\u25AA',
  '\u25AB',
  '\u25CF',
  '\u25CB',
  '\u25E6',
  '\u25A0',
  '\u25A1',
  '\u25C6',
  '\u25C7',
  '\u25B8',
  '\u25B9',
  '\u25BA',
  '\u25B6',
  '\u27A2',
  '\u27A4',
  '\u2794',
  '\u2756',
  '\u29BF',
  '\u29BE',
  '\u00B7',
]);

const SOFT_HYPHEN = '\u00AD';
const SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\t]/u;
// Zero-width characters and controls: nothing a reader sees. (A string, as a literal with
// control characters in it reads as a mistake.)
const INVISIBLE_RANGES =
  '\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u2069\\uFEFF';
const INVISIBLE = new RegExp(`[${INVISIBLE_RANGES}]`, 'u');

interface NormalisedText {
  text: string;
  /** Private-use characters dropped: icon-font glyphs a parser cannot map to text. */
  icons: number;
}

function isPrivateUse(code: number): boolean {
  return (code >= 0xe000 && code <= 0xf8ff) || code >= 0xf0000;
}

function isDash(char: string | undefined): boolean {
  return char !== undefined && /[-–—]/u.test(char);
}

/**
 * One item's text as a reader sees it. `drawnHyphens`: in a PDF every character was drawn, so a
 * soft hyphen (U+00AD) is a visible hyphen (some TeX fonts map "-" to it, as in "Sep. 2023 ­
 * Mar. 2024"); in a Word file it is an invisible hyphenation point. Beside another dash it is
 * dropped either way ("555-‐5555" is one hyphen on the page).
 */
// Printable ASCII needs none of the rules below: most of a resume's items are.
const PLAIN = /^[\x20-\x7E]*$/u;

function normaliseText(raw: string, options: { drawnHyphens: boolean }): NormalisedText {
  if (PLAIN.test(raw)) return { text: raw, icons: 0 };
  const chars = Array.from(raw.normalize('NFC'));
  // Pieces joined once at the end, and the last character kept apart: asking a growing string
  // for its end would copy it each time (quadratic on a long line).
  const out: string[] = [];
  let last = '';
  const emit = (piece: string) => {
    out.push(piece);
    last = piece.at(-1) ?? last;
  };
  let icons = 0;
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] as string;
    const code = char.codePointAt(0) ?? 0;
    if (char === SOFT_HYPHEN) {
      const next = chars[index + 1];
      const nextDash = isDash(DASHES[next ?? ''] ?? next);
      if (options.drawnHyphens && !isDash(last) && !nextDash) emit('-');
      continue;
    }
    if (BULLET_GLYPHS.has(char)) {
      emit('•');
      continue;
    }
    if (isPrivateUse(code)) {
      icons += 1;
      // An icon stands between words ("✉ mail@x.com"): keep the words apart.
      if (out.length > 0 && last !== ' ') emit(' ');
      continue;
    }
    const dash = DASHES[char];
    if (dash !== undefined) {
      // "-‐": a hyphen-minus and a hyphen drawn as one mark (Word's soft hyphen pairs).
      if (dash === '-' && last === '-' && chars[index - 1] !== char) continue;
      emit(dash);
      continue;
    }
    const ligature = LIGATURES[char];
    if (ligature !== undefined) {
      emit(ligature);
      continue;
    }
    if (SPACES.test(char)) {
      emit(' ');
      continue;
    }
    if (INVISIBLE.test(char) || char === '\uFFFD') {
      if (char === '\uFFFD') icons += 1;
      continue;
    }
    emit(char);
  }
  return { text: out.join(''), icons };
}

export interface NormalisedDocument {
  document: AtsDocument;
  icons: number;
}

/** The document with every item's text normalised, and how many icon glyphs were dropped. */
export function normaliseDocument(document: AtsDocument): NormalisedDocument {
  let icons = 0;
  const drawnHyphens = document.kind === 'pdf';
  const items: AtsTextItem[] = [];
  for (const item of document.items) {
    const normalised = normaliseText(item.text, { drawnHyphens });
    icons += normalised.icons;
    items.push(normalised.text === item.text ? item : { ...item, text: normalised.text });
  }
  return { document: { ...document, items }, icons };
}

/**
 * A job description as pasted: the whitespace controls a PDF or a web page leaves in copied
 * text (form feeds, vertical tabs, next-line and line/paragraph separators) become line breaks,
 * other spaces become spaces. What remains is checked by the contract as any multi-line text.
 */
export function cleanJobDescription(text: string): string {
  return text
    .replace(/\r\n?/gu, '\n')
    .replace(/[\f\v\u0085\u2028\u2029]/gu, '\n')
    .replace(/[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/gu, ' ');
}
