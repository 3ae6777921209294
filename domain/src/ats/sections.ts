import { holdsContact } from './contact-patterns';
import { type AtsLine, isBulletLine } from './lines';
import {
  CONTACT_HEADINGS,
  HEADING_WORDS,
  SECTION_KINDS,
  SECTION_TITLES,
  type SectionKind,
} from './section-words';

export { SECTION_KINDS, SECTION_TITLES, type SectionKind };

export interface AtsSection {
  /** `profile` is the name and contact block: what comes before the first heading, and any
   * section headed "Contact" or "Personal details". */
  kind: SectionKind | 'profile' | 'other';
  /** The heading as written; empty for the block before the first heading. */
  title: string;
  lines: AtsLine[];
}

type HeadingKind = SectionKind | 'contact';

const PHRASES = new Map<string, HeadingKind>();
for (const kind of SECTION_KINDS) {
  for (const phrase of HEADING_WORDS[kind]) PHRASES.set(phrase, kind);
}
for (const phrase of CONTACT_HEADINGS) PHRASES.set(phrase, 'contact');
const LONGEST_PHRASE = 4;

/** A heading's words, lower case: "Skills & Awards:" → skills, and, awards. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/&/gu, ' and ')
    .split(/[^\p{L}']+/u)
    .filter((word) => word !== '');
}

/** The section a heading's words name exactly ("Work Experience"), or null. */
function headingKind(text: string): HeadingKind | null {
  return PHRASES.get(wordsOf(text).join(' ')) ?? null;
}

/**
 * The section a heading's words contain ("Skills & Awards" → skills, "Volunteer Experience" →
 * volunteering): the longest known wording inside it, the first one on a tie.
 */
function headingMatch(text: string): HeadingKind | null {
  const words = wordsOf(text);
  let best: HeadingKind | null = null;
  let bestLength = 0;
  for (let start = 0; start < words.length; start++) {
    for (
      let length = Math.min(LONGEST_PHRASE, words.length - start);
      length > bestLength;
      length--
    ) {
      const kind = PHRASES.get(words.slice(start, start + length).join(' '));
      if (kind !== undefined) {
        best = kind;
        bestLength = length;
        break;
      }
    }
  }
  return best;
}

const MAX_HEADING_CHARS = 60;
const MAX_HEADING_WORDS = 7;

/** Own line, short, words only: what a heading can be before its look is weighed. */
function couldBeHeading(line: AtsLine): boolean {
  const text = line.text.trim();
  if (text === '' || text.length > MAX_HEADING_CHARS || isBulletLine(line)) return false;
  if (line.segments.length > 1 || /[\d@|]|[,;]$|:\/\/|www\./u.test(text)) return false;
  const words = text.split(/\s+/u);
  return words.length <= MAX_HEADING_WORDS && (text.match(/\p{L}/gu)?.length ?? 0) >= 2;
}

function isCapitals(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return (
    letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()
  );
}

/** The font size most text is set in. */
function bodySizeOf(lines: readonly AtsLine[]): number {
  const counts = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.fontSize * 2) / 2;
    counts.set(size, (counts.get(size) ?? 0) + line.text.length);
  }
  let best = 11;
  let bestCount = -1;
  for (const [size, count] of counts) {
    if (count > bestCount) [best, bestCount] = [size, count];
  }
  return best;
}

/** A line's look: size, emphasis and capitals. Headings of one resume share one look. */
function styleOf(line: AtsLine): string {
  return `${Math.round(line.fontSize * 2) / 2}|${line.emphasised ? 'e' : 'p'}|${isCapitals(line.text) ? 'C' : 'm'}`;
}

/** Set apart from the body text by size, weight, font or capitals. */
function standsOut(line: AtsLine, bodySize: number): boolean {
  return line.fontSize > bodySize * 1.1 || line.emphasised || isCapitals(line.text);
}

/** Set apart as a heading is: larger, bold or in capitals (an italic role line is not). */
function headingLike(line: AtsLine, bodySize: number): boolean {
  return line.fontSize > bodySize * 1.1 || line.bold || isCapitals(line.text);
}

// The name, a tagline and the contact lines come first; the tagline under the name is not a
// heading. A line before the first contact line is a heading only when its words are one.
const PROFILE_LINES = 8;

function firstContactLine(lines: readonly AtsLine[]): number {
  const limit = Math.min(lines.length, PROFILE_LINES);
  for (let index = 0; index < limit; index++) {
    const line = lines[index] as AtsLine;
    if (line.page === 1 && holdsContact(line.text)) return index;
  }
  return 1;
}

/**
 * Which lines are headings, by their features: on a line of their own, short, set apart (size,
 * weight, capitals) and, above all, looking like the headings whose words are a known section
 * name ("EXPERIENCE", "Education"). A bold line of body size under a job ("GOOGLE", "Your Most
 * Recent Work Experience:") does not look like the section headings and stays inside its section.
 * Without any known heading, a short line in capitals that is bold or larger is one.
 */
function headingLines(lines: readonly AtsLine[]): Set<number> {
  const bodySize = bodySizeOf(lines);
  const profileEnd = firstContactLine(lines);
  const styles = new Set<string>();
  for (const line of lines) {
    if (couldBeHeading(line) && headingKind(line.text) !== null && headingLike(line, bodySize)) {
      styles.add(styleOf(line));
    }
  }
  const headings = new Set<number>();
  lines.forEach((line, index) => {
    if (index === 0 || !couldBeHeading(line)) return;
    // A known heading's words: a heading when it looks like the others (or none looks special).
    const exact = headingKind(line.text) !== null;
    if (exact && (styles.size === 0 || styles.has(styleOf(line)) || headingLike(line, bodySize))) {
      headings.add(index);
      return;
    }
    if (index < profileEnd) return;
    if (styles.size > 0) {
      if (styles.has(styleOf(line))) headings.add(index);
      return;
    }
    const larger = line.fontSize > bodySize * 1.15;
    const known = headingMatch(line.text) !== null;
    if (
      (known && standsOut(line, bodySize)) ||
      (isCapitals(line.text) && (line.emphasised || larger))
    ) {
      headings.add(index);
    }
  });
  return headings;
}

/** Lines → sections by heading; the lines before the first heading form the profile. */
export function sectionsOf(lines: readonly AtsLine[]): AtsSection[] {
  const headings = headingLines(lines);
  const sections: AtsSection[] = [{ kind: 'profile', title: '', lines: [] }];
  lines.forEach((line, index) => {
    if (headings.has(index)) {
      const kind = headingKind(line.text) ?? headingMatch(line.text);
      sections.push({
        kind: kind === 'contact' ? 'profile' : (kind ?? 'other'),
        title: line.text.trim(),
        lines: [],
      });
    } else {
      sections.at(-1)?.lines.push(line);
    }
  });
  return sections;
}
