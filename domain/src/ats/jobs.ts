import { type DateRange, findDateRanges, findDates, isOnlyDates, leadingDate } from './dates';
import { headParts } from './head-parts';
import { type AtsLine, BULLET_START, isBulletLine } from './lines';
import { placeEvidence } from './places';
import { isSideNote } from './side-notes';
import { COMPANY_WORDS, JOB_TITLE_WORDS } from './words';

/*
 * Jobs as an ATS fills its form: each entry's title, company, place and date range. An entry is
 * a block of head lines (title, company, place, dates, in any order and on one to three lines)
 * followed by its bullets or paragraphs. The dates may sit on the right edge, in a gutter on the
 * left, on two lines ("2017 –" above "Present") or beside the first bullet: the entry gathers
 * its date fragments from its head and the side notes of its first lines, in reading order.
 */

/** A job as an ATS fills its form: null where the parser found nothing. */
export interface AtsJob {
  title: string | null;
  company: string | null;
  place: string | null;
  dates: string | null;
  bullets: number;
  /** Lines under the head, and how many of them start a paragraph or item (the rest wrap). */
  bodyLines: number;
  paragraphs: number;
  /** For the chronology check; not sent to the client. */
  range: DateRange | null;
  /** Date-like text the entry holds that is not a full date (evidence for the dates check). */
  dateText: string | null;
}

/** What the entry grouping needs to know of a line. */
interface LineFacts {
  line: AtsLine;
  bullet: boolean;
  /** The line's words without its side notes and bullet mark. */
  main: string;
  mainX: number;
  notes: string[];
  words: number;
  dated: boolean;
  ranged: boolean;
  prose: boolean;
  head: boolean;
}

export interface Entry {
  head: LineFacts[];
  body: LineFacts[];
  /** Body lines that start an item or a paragraph rather than wrap the one above. */
  starts: number;
}

// A line of this many words, or a sentence of more than a few, is description, not a head.
const PROSE_WORDS = 10;
const SENTENCE_WORDS = 6;
const HEAD_BULLET_WORDS = 6;
// The side notes of this many body lines still belong to the head ("dates beside the first bullet").
const NOTE_LINES = 2;
const MAX_FACT_CHARS = 400;

function factsOf(line: AtsLine): LineFacts {
  const bullet = isBulletLine(line);
  const notes: string[] = [];
  const mains: { text: string; x: number }[] = [];
  for (const segment of line.segments) {
    if (segment.text.length <= MAX_FACT_CHARS && isSideNote(segment.text)) notes.push(segment.text);
    else mains.push({ text: segment.text, x: segment.x });
  }
  const main = mains
    .map((segment) => segment.text)
    .join('   ')
    .replace(BULLET_START, '')
    .trim();
  const words = main === '' ? 0 : main.split(/\s+/u).length;
  // A head set in cells ("Title | Company   Dates") is not prose however many words it has.
  const longest = mains.reduce(
    (most, segment) => Math.max(most, segment.text.split(/\s+/u).length),
    0,
  );
  const short = line.text.length <= MAX_FACT_CHARS;
  const ranged = short && findDateRanges(line.text).length > 0;
  const dated =
    ranged || notes.some(isOnlyDates) || (short && words <= 12 && findDates(main).length > 0);
  const sentence = /[.!?]$/u.test(main);
  const prose = !dated && (longest >= PROSE_WORDS || (sentence && words >= SENTENCE_WORDS));
  // A bullet can head an entry ("• Google   Mountain View, CA" above its own sub-bullets).
  const headBullet = bullet && notes.length > 0 && words <= HEAD_BULLET_WORDS && !sentence;
  return {
    line,
    bullet,
    main,
    mainX: mains[0]?.x ?? line.textX,
    notes,
    words,
    dated,
    ranged,
    prose,
    head: !prose && (!bullet || headBullet) && (words > 0 || dated),
  };
}

/** A line that carries on the body line above it: a wrapped bullet or a paragraph's next line. */
function continues(facts: LineFacts, previous: LineFacts, bulletX: number | null): boolean {
  const { line } = facts;
  if (facts.bullet || facts.ranged || line.page !== previous.line.page) return false;
  if (line.emphasised && !previous.line.emphasised && facts.words <= HEAD_BULLET_WORDS)
    return false;
  if (bulletX !== null) return facts.mainX >= bulletX - 1.5;
  // A sentence that ended, then a capital: the next item of a list without marks.
  if (/[.!?]$/u.test(previous.main) && /^\p{Lu}/u.test(facts.main)) return false;
  return previous.prose || previous.words >= SENTENCE_WORDS
    ? Math.abs(facts.mainX - previous.mainX) <= 2 &&
        Math.abs(line.fontSize - previous.line.fontSize) < 0.6
    : false;
}

function hasRange(head: readonly LineFacts[]): boolean {
  return findDateRanges(dateFragments({ head, body: [] })).length > 0;
}

/** A section's lines grouped into entries. One pass; each line is looked at once. */
function entriesOf(lines: readonly AtsLine[]): Entry[] {
  const entries: Entry[] = [];
  let current: Entry | null = null;
  let previous: LineFacts | null = null;
  let previousInBody = false;
  let bulletX: number | null = null;
  for (const line of lines) {
    const facts = factsOf(line);
    if (
      current !== null &&
      previous !== null &&
      previousInBody &&
      continues(facts, previous, bulletX)
    ) {
      current.body.push(facts);
      previous = facts;
      continue;
    }
    if (facts.head) {
      if (current === null || current.body.length > 0) {
        current = { head: [facts], body: [], starts: 0 };
        entries.push(current);
      } else if (facts.ranged && hasRange(current.head)) {
        // A second range before any bullet: the lines after the first range start the next
        // entry ("FACEBOOK", "Jan 2015 – Present", then "COURSERA", "June 2014 – Sep 2014").
        const cut = lastIndexWhere(current.head, (head) => head.dated) + 1;
        const moved: LineFacts[] = current.head.splice(cut);
        current = { head: [...moved, facts], body: [], starts: 0 };
        entries.push(current);
      } else {
        current.head.push(facts);
      }
      bulletX = null;
      previousInBody = false;
    } else {
      if (current === null) {
        current = { head: [], body: [], starts: 0 };
        entries.push(current);
      }
      current.body.push(facts);
      current.starts += 1;
      bulletX = facts.bullet ? facts.line.textX : bulletX;
      previousInBody = true;
    }
    previous = facts;
  }
  return entries;
}

function lastIndexWhere<T>(list: readonly T[], test: (item: T) => boolean): number {
  for (let index = list.length - 1; index >= 0; index--) {
    if (test(list[index] as T)) return index;
  }
  return -1;
}

const DANGLING = /[–—~-]\s?$/u;

/**
 * The entry's date text in reading order: its head's dates (a date cell, a range in the text, a
 * date the text opens with) and the date notes of its first lines. A range left open at a line's
 * end ("2017 –") takes the date the next line opens with ("Present …").
 */
function dateFragments(entry: { head: readonly LineFacts[]; body: readonly LineFacts[] }): string {
  const fragments: string[] = [];
  const lines = [...entry.head, ...entry.body.slice(0, NOTE_LINES)];
  lines.forEach((facts, index) => {
    const isHead = index < entry.head.length;
    const dangling = DANGLING.test(fragments.at(-1) ?? '');
    const opening = facts.main.length <= MAX_FACT_CHARS ? leadingDate(facts.main) : null;
    if (dangling && opening !== null) fragments.push(opening);
    for (const note of facts.notes) if (isHead || isOnlyDates(note)) fragments.push(note);
    if (!isHead || facts.main.length > MAX_FACT_CHARS) return;
    const ranges = findDateRanges(facts.main);
    if (ranges.length > 0) {
      for (const range of ranges) fragments.push(range.text);
    } else if (opening !== null && !dangling) {
      fragments.push(opening);
    } else {
      for (const date of findDates(facts.main)) fragments.push(date.text);
    }
  });
  return fragments.join(' ');
}

// Text that tries to be a date but is not one a parser can read ("Month 20XX – Ongoing").
const DATE_LIKE =
  /(?:\d{2}|present|ongoing|current)\S*\s?[–—~-]|[–—~-]\s?\S*(?:\d{2}|present|ongoing|current)/iu;

function best<T>(candidates: readonly T[], score: (candidate: T) => number): T | null {
  let winner: T | null = null;
  let top = 0;
  for (const candidate of candidates) {
    const value = score(candidate);
    if (value > top) [winner, top] = [candidate, value];
  }
  return winner;
}

function stripDates(text: string, range: DateRange | null): string {
  return range === null ? text : text.replace(range.text, ' ');
}

function jobOf(entry: Entry): AtsJob {
  const fragments = dateFragments(entry);
  const range = findDateRanges(fragments)[0] ?? null;
  const single = range === null ? (findDates(fragments)[0] ?? null) : null;
  let place: string | null = null;
  const candidates: { part: string; emphasised: boolean }[] = [];
  for (const facts of entry.head) {
    for (const note of facts.notes) {
      if (place === null && !isOnlyDates(note) && placeEvidence(note) !== 'none') place = note;
    }
    if (facts.main.length > MAX_FACT_CHARS) continue;
    const split = headParts(stripDates(facts.main, range));
    place ??= split.place;
    for (const part of split.parts) {
      if (part.length <= 120) candidates.push({ part, emphasised: facts.line.emphasised });
    }
  }
  const title = best(candidates, ({ part, emphasised }) => {
    let score = 0;
    if (JOB_TITLE_WORDS.test(part)) score += 4;
    if (COMPANY_WORDS.test(part)) score -= 2;
    if (placeEvidence(part) !== 'none') score -= 3;
    if (emphasised) score += 1;
    return score > 1 ? score : 0;
  });
  const company = best(candidates, (candidate) => {
    if (candidate === title) return 0;
    let score = 1;
    if (COMPANY_WORDS.test(candidate.part)) score += 3;
    if (JOB_TITLE_WORDS.test(candidate.part)) score -= 2;
    if (placeEvidence(candidate.part) !== 'none') score -= 2;
    if (candidate.part.split(/\s+/u).length > 6) score -= 2;
    return score;
  });
  // Nothing read as a date: the cell that tries to be one is the evidence ("Month 20XX – …").
  const dateLike = entry.head
    .flatMap((facts) => facts.line.segments)
    .find((segment) => segment.text.length <= MAX_FACT_CHARS && DATE_LIKE.test(segment.text));
  const dateText = fragments.trim() !== '' ? fragments.trim() : (dateLike?.text.trim() ?? '');
  return {
    title: title?.part ?? null,
    company: company?.part ?? null,
    place,
    dates: range?.text ?? single?.text ?? null,
    bullets: entry.body.filter((facts) => facts.bullet).length,
    bodyLines: entry.body.length,
    paragraphs: entry.starts,
    range,
    dateText: dateText === '' ? null : dateText,
  };
}

/**
 * A head that sets an entry apart: a date, a job title, or emphasis. Without one, the lines are
 * more description (a definition list's label, a paragraph's short last line), not a job.
 */
function isEntryHead(entry: Entry): boolean {
  return entry.head.some(
    (facts) => facts.dated || facts.line.emphasised || JOB_TITLE_WORDS.test(facts.main),
  );
}

/** The jobs of an experience section's lines. */
export function jobsOf(lines: readonly AtsLine[]): AtsJob[] {
  return entriesOf(lines).filter(isEntryHead).map(jobOf);
}
