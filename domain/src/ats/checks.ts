import type { AtsDocument } from './ats-document';
import {
  DATE_FORMAT_LABELS,
  type DateFormat,
  findDates,
  findUnparseableDates,
  isOnlyDates,
} from './dates';
import type { AtsFields } from './fields';
import type { KeywordMatch } from './keywords';
import { type AtsLine, isBulletLine } from './lines';
import { type AtsSection, SECTION_TITLES, type SectionKind } from './sections';

export type CheckStatus = 'pass' | 'warn' | 'fail';

export const CHECK_IDS = [
  'text-layer',
  'fields',
  'contact',
  'headings',
  'dates',
  'chronology',
  'layout',
  'header-footer',
  'images',
  'symbols',
  'length',
  'bullets',
  'keywords',
] as const;
export type AtsCheckId = (typeof CHECK_IDS)[number];

export interface AtsCheck {
  id: AtsCheckId;
  title: string;
  status: CheckStatus;
  /** One sentence: why, and how to fix it when it is not a pass. */
  message: string;
}

/** What every check reads. */
export interface CheckInput {
  document: AtsDocument;
  lines: readonly AtsLine[];
  sections: readonly AtsSection[];
  fields: AtsFields;
  words: number;
  pages: number;
  keywords: KeywordMatch | null;
}

const check = (id: AtsCheckId, title: string, status: CheckStatus, message: string): AtsCheck => ({
  id,
  title,
  status,
  message,
});

/** Characters per page below which a page has no usable text layer. */
const MIN_CHARS_PER_PAGE = 80;

export function textLayerCheck({ document, lines, pages }: CheckInput): AtsCheck {
  const chars = lines.reduce((sum, line) => sum + line.text.replace(/\s/g, '').length, 0);
  const title = 'Readable text';
  if (chars === 0) {
    return check(
      'text-layer',
      title,
      'fail',
      document.images > 0
        ? 'The file holds only images of text, so an ATS reads nothing: export it from your editor as a text PDF or DOCX instead of scanning or saving as a picture.'
        : 'No text could be read from this file, so an ATS sees an empty resume: export it again from your editor as a PDF or DOCX.',
    );
  }
  if (chars < MIN_CHARS_PER_PAGE * pages) {
    return check(
      'text-layer',
      title,
      'fail',
      'Most of this file has no text an ATS can read (it looks scanned or flattened): export it from your editor as a text PDF or DOCX.',
    );
  }
  return check('text-layer', title, 'pass', 'The file has a real text layer an ATS can read.');
}

export function fieldsCheck({ fields }: CheckInput): AtsCheck {
  const title = 'Fields an ATS fills';
  const missing: string[] = [];
  if (fields.name === null) missing.push('your name');
  if (fields.jobs.length === 0) missing.push('any job');
  if (fields.jobs.some((job) => job.title === null)) missing.push('a job title');
  if (fields.jobs.some((job) => job.company === null)) missing.push('a company');
  if (fields.jobs.some((job) => job.dates === null)) missing.push("a job's dates");
  if (fields.education.length === 0) missing.push('a degree');
  if (fields.skills.length === 0) missing.push('skills');
  if (missing.length === 0) {
    return check(
      'fields',
      title,
      'pass',
      'The parser found your name, each job’s title, company and dates, your education and your skills.',
    );
  }
  const status: CheckStatus = missing.length >= 2 || fields.name === null ? 'fail' : 'warn';
  return check(
    'fields',
    title,
    status,
    `The parser could not find ${listOf(missing)}: put each on its own line under a standard heading, with your name alone on the first line.`,
  );
}

export function contactCheck({ fields }: CheckInput): AtsCheck {
  const title = 'Contact details';
  const absent = [
    fields.email === null ? 'e-mail' : null,
    fields.phone === null ? 'phone number' : null,
    fields.location === null ? 'location (City, Country)' : null,
    fields.linkedin === null ? 'LinkedIn URL' : null,
  ].filter((item): item is string => item !== null);
  if (absent.length === 0) {
    return check('contact', title, 'pass', 'E-mail, phone, location and LinkedIn were all found.');
  }
  const status: CheckStatus = fields.email === null || fields.phone === null ? 'fail' : 'warn';
  return check(
    'contact',
    title,
    status,
    `No ${listOf(absent)} was found: add it as plain text near the top, not in a header, icon or image.`,
  );
}

const ESSENTIAL: readonly SectionKind[] = ['experience', 'education', 'skills'];
// Sections readers expect at the end; before the main ones they read as out of order.
const CLOSING: readonly SectionKind[] = ['interests', 'references'];

export function headingsCheck({ sections }: CheckInput): AtsCheck {
  const title = 'Section headings';
  const kinds = sections.map((section) => section.kind);
  const missing = ESSENTIAL.filter((kind) => !kinds.includes(kind));
  const unknown = sections.filter((section) => section.kind === 'other').map((s) => s.title);
  if (missing.length > 0) {
    return check(
      'headings',
      title,
      missing.length >= 2 ? 'fail' : 'warn',
      `No ${listOf(missing.map((kind) => `“${SECTION_TITLES[kind]}”`))} heading was recognised: use the standard words, each on its own line.`,
    );
  }
  if (unknown.length > 0) {
    return check(
      'headings',
      title,
      'warn',
      `An ATS does not know the heading ${listOf(unknown.map((text) => `“${text}”`))}: rename it to a standard one such as Experience, Projects or Skills.`,
    );
  }
  const summaryAt = kinds.indexOf('summary');
  const mainAt = Math.min(...ESSENTIAL.map((kind) => kinds.indexOf(kind)));
  const closingAt = Math.min(
    ...CLOSING.map((kind) => kinds.indexOf(kind)).filter((index) => index >= 0),
  );
  const lastMain = Math.max(...ESSENTIAL.map((kind) => kinds.indexOf(kind)));
  if ((summaryAt >= 0 && summaryAt > mainAt) || closingAt < lastMain) {
    return check(
      'headings',
      title,
      'warn',
      'The sections are in an unusual order: put the summary first, then experience, education and skills, and interests or references last.',
    );
  }
  return check(
    'headings',
    title,
    'pass',
    'Standard headings (Experience, Education, Skills) were found in a readable order.',
  );
}

function linesOf(sections: readonly AtsSection[], kinds: readonly string[]): AtsLine[] {
  return sections.filter((s) => kinds.includes(s.kind)).flatMap((s) => s.lines);
}

export function datesCheck({ sections, fields }: CheckInput): AtsCheck {
  const title = 'Dates';
  const text = linesOf(sections, ['experience', 'education', 'projects', 'certifications'])
    .map((line) => line.text)
    .join('\n');
  const odd = [...new Set(findUnparseableDates(text))];
  if (odd.length > 0) {
    return check(
      'dates',
      title,
      'fail',
      `An ATS cannot read ${listOf(odd.map((date) => `“${date}”`))} as a date: write every date as month and year, e.g. “Jan 2020”.`,
    );
  }
  if (fields.jobs.length > 0 && fields.jobs.every((job) => job.dates === null)) {
    return check(
      'dates',
      title,
      'fail',
      'No job has dates an ATS can read: add a start and end to each, e.g. “Jan 2020 – Present”.',
    );
  }
  const formats = new Set<DateFormat>(
    findDates(text)
      .map((date) => date.format)
      .filter((format): format is DateFormat => format !== null),
  );
  if (formats.size > 1) {
    return check(
      'dates',
      title,
      'warn',
      `Dates are written in ${formats.size} forms (${listOf([...formats].map((f) => DATE_FORMAT_LABELS[f]))}): pick one, e.g. “Jan 2020”, and use it everywhere.`,
    );
  }
  return check('dates', title, 'pass', 'Dates are written in one form an ATS can parse.');
}

export function chronologyCheck({ fields }: CheckInput): AtsCheck {
  const title = 'Most recent job first';
  const dated = fields.jobs.filter((job) => job.range !== null);
  for (let index = 1; index < dated.length; index++) {
    const newer = dated[index - 1]?.range;
    const older = dated[index]?.range;
    if (newer === undefined || older === undefined || newer === null || older === null) continue;
    if (older.end.month > newer.end.month || older.start.month > newer.start.month) {
      return check(
        'chronology',
        title,
        'fail',
        'Your jobs are not in reverse-chronological order: list the most recent job first, as ATS and recruiters expect.',
      );
    }
  }
  if (dated.length < 2) {
    return check('chronology', title, 'pass', 'There is one dated job, so the order holds.');
  }
  return check('chronology', title, 'pass', 'Jobs are listed most recent first.');
}

// A cell beside the main text that is only a date, a location or a page number keeps a one-column
// reading (the usual right-aligned dates); anything else is a second column or a table cell.
function isSideNote(text: string): boolean {
  return (
    isOnlyDates(text) ||
    /^(?:page\s*)?\d+(?:\s*(?:of|\/)\s*\d+)?$/iu.test(text.trim()) ||
    /^\p{Lu}[\p{L} .'-]{1,30},\s*\p{Lu}[\p{L} .'-]{1,30}$/u.test(text.trim()) ||
    /^(?:remote|hybrid|on-?site)$/iu.test(text.trim())
  );
}

export function layoutCheck({ document, lines }: CheckInput): AtsCheck {
  const title = 'One-column layout';
  if (document.tables > 0) {
    return check(
      'layout',
      title,
      'fail',
      `The file has ${document.tables === 1 ? 'a table' : `${document.tables} tables`}, which many ATS read cell by cell out of order: put the content in plain paragraphs and bullets.`,
    );
  }
  if (!document.positioned) {
    return check('layout', title, 'pass', 'The text reads as one column of paragraphs.');
  }
  const split = lines.filter(
    (line) => line.segments.length > 1 && !line.segments.slice(1).every((s) => isSideNote(s.text)),
  ).length;
  if (split >= 4 && split >= 0.15 * lines.length) {
    return check(
      'layout',
      title,
      'fail',
      'Text sits side by side in columns or a table, so an ATS reads across them and mixes the lines: use a single column.',
    );
  }
  if (split >= 2) {
    return check(
      'layout',
      title,
      'warn',
      'A few lines have text side by side that an ATS may merge: keep only dates or locations on the right.',
    );
  }
  return check('layout', title, 'pass', 'The text reads in one column, top to bottom.');
}

/** The share of a page's height at its top and bottom that a header or footer occupies. */
const MARGIN_ZONE = 0.06;

export function headerFooterCheck({ document, lines, fields }: CheckInput): AtsCheck {
  const title = 'Headers and footers';
  if (!document.positioned) {
    if (fields.email === null) {
      return check(
        'header-footer',
        title,
        'warn',
        'Word headers and footers are not read by many ATS (nor by this check): if your contact details are there, move them into the body.',
      );
    }
    return check(
      'header-footer',
      title,
      'pass',
      'Your details are in the body, where an ATS reads.',
    );
  }
  const inMargins = lines.filter((line) => {
    const page = document.pages[line.page - 1];
    if (page === undefined) return false;
    const zone = page.height * MARGIN_ZONE;
    return line.y < zone || line.y > page.height - zone;
  });
  const content = inMargins.filter((line) => !line.segments.every((s) => isSideNote(s.text)));
  if (content.length === 0) {
    return check('header-footer', title, 'pass', 'No text sits in the header or footer area.');
  }
  const contact = content.some((line) => /@|\d{3}[\s.-]?\d{3}/u.test(line.text));
  return check(
    'header-footer',
    title,
    contact ? 'fail' : 'warn',
    contact
      ? 'Contact details sit in the page header or footer, which many ATS skip: move them into the body under your name.'
      : 'Some text sits in the page header or footer, which many ATS skip: move anything important into the body.',
  );
}

export function imagesCheck({ document }: CheckInput): AtsCheck {
  const title = 'Images';
  if (document.images === 0) {
    return check('images', title, 'pass', 'No images: everything is text an ATS can read.');
  }
  return check(
    'images',
    title,
    'warn',
    `The file has ${document.images === 1 ? 'an image' : `${document.images} images`}; any text, logo or skill bar inside is invisible to an ATS: write that information as text.`,
  );
}

// Private-use glyphs (icon fonts) and the replacement character: text a parser cannot map.
const UNREADABLE = /[\uE000-\uF8FF\uFFFD]/u;
// Decorative symbols and emoji that some ATS drop or turn into question marks.
const DECORATIVE = /[\u2600-\u26FF\u2700-\u27BF\u{1F300}-\u{1FAFF}\u2190-\u21FF]/u;

export function symbolsCheck({ lines }: CheckInput): AtsCheck {
  const title = 'Fonts and symbols';
  const text = lines.map((line) => line.text).join('\n');
  if (UNREADABLE.test(text)) {
    return check(
      'symbols',
      title,
      'fail',
      'Some characters come out unreadable (icon fonts or a font without a text mapping): use a standard font such as Arial, Calibri or Helvetica and plain words instead of icons.',
    );
  }
  const decorative = [...new Set(text.match(new RegExp(DECORATIVE.source, 'gu')) ?? [])];
  if (decorative.length > 0) {
    return check(
      'symbols',
      title,
      'warn',
      `Symbols such as ${decorative.slice(0, 3).join(' ')} may be dropped or garbled by an ATS: use plain bullets (•) and words.`,
    );
  }
  return check('symbols', title, 'pass', 'Standard fonts and characters only.');
}

export const WORDS = { thin: 150, short: 300, long: 1000 } as const;

export function lengthCheck({ words, pages, document }: CheckInput): AtsCheck {
  const title = 'Length';
  const pageWord = pages === 1 ? 'page' : 'pages';
  const estimate = document.positioned ? '' : 'about ';
  const size = `${estimate}${pages} ${pageWord}, ${words} words`;
  if (pages > 3 || words < WORDS.thin) {
    return check(
      'length',
      title,
      'fail',
      pages > 3
        ? `At ${size} it is too long for a recruiter’s skim: cut it to one or two pages.`
        : `At ${size} there is too little for an ATS to match: describe each job in 3–6 bullets.`,
    );
  }
  if (pages === 3 || words < WORDS.short || words > WORDS.long) {
    return check(
      'length',
      title,
      'warn',
      words < WORDS.short
        ? `At ${size} it is on the thin side: add results and skills to each job.`
        : `At ${size} it is long: keep to one or two pages by trimming older roles.`,
    );
  }
  return check('length', title, 'pass', `At ${size} the length suits an ATS and a recruiter.`);
}

export function bulletsCheck({ sections, fields }: CheckInput): AtsCheck {
  const title = 'Bullet points';
  const experience = linesOf(sections, ['experience']);
  if (experience.length === 0) {
    return check(
      'bullets',
      title,
      'warn',
      'There is no Experience section to check for bullets: add one with 3–6 bullets per job.',
    );
  }
  const bullets = experience.filter(isBulletLine).length;
  if (bullets === 0) {
    return check(
      'bullets',
      title,
      'fail',
      'Your experience has no bullet points, so an ATS sees one block of text: write each achievement as its own bullet.',
    );
  }
  const perJob = bullets / Math.max(1, fields.jobs.length);
  if (perJob < 2 || perJob > 10) {
    return check(
      'bullets',
      title,
      'warn',
      `There are about ${Math.round(perJob)} bullets per job: aim for 3–6 focused bullets each.`,
    );
  }
  return check(
    'bullets',
    title,
    'pass',
    `About ${Math.round(perJob)} bullets per job: easy to scan.`,
  );
}

export const MATCH = { pass: 70, warn: 40 } as const;

export function keywordsCheck({ keywords }: CheckInput): AtsCheck | null {
  if (keywords === null) return null;
  const title = 'Job description match';
  if (keywords.percent === null) {
    return check(
      'keywords',
      title,
      'warn',
      'No keywords could be taken from the job description: paste its full text, requirements included.',
    );
  }
  const lacking = keywords.missing.slice(0, 5).map((term) => `“${term}”`);
  if (keywords.percent >= MATCH.pass) {
    return check(
      'keywords',
      title,
      'pass',
      `Your resume has ${keywords.percent}% of the job’s keywords${lacking.length > 0 ? `; you could still add ${listOf(lacking)} where true` : ''}.`,
    );
  }
  return check(
    'keywords',
    title,
    keywords.percent >= MATCH.warn ? 'warn' : 'fail',
    `Your resume has only ${keywords.percent}% of the job’s keywords: add ${listOf(lacking)} where they honestly describe your work.`,
  );
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
