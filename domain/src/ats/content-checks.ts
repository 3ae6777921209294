import {
  type AtsCheck,
  type CheckInput,
  type CheckStatus,
  check,
  linesOfKinds,
  listOf,
  quote,
} from './checks';
import { DATE_FORMAT_LABELS, type DateFormat, findUnparseableDates } from './dates';
import { isBulletLine } from './lines';
import { SECTION_TITLES, type SectionKind } from './sections';

/** The checks of what the resume says: fields, contact, headings, dates, bullets, length. */

export function fieldsCheck({ fields, sections }: CheckInput): AtsCheck {
  const title = 'Fields an ATS fills';
  const missing: string[] = [];
  if (fields.name === null) missing.push('your name');
  if (fields.jobs.length === 0 && sections.some((s) => s.kind === 'experience')) {
    missing.push('any job');
  }
  if (fields.jobs.some((job) => job.title === null)) missing.push('a job title');
  if (fields.jobs.some((job) => job.company === null)) missing.push('a company');
  if (fields.jobs.some((job) => job.dates === null)) missing.push("a job's dates");
  if (fields.education.length === 0 && sections.some((s) => s.kind === 'education')) {
    missing.push('a degree');
  }
  if (fields.skills.length === 0 && sections.some((s) => s.kind === 'skills')) {
    missing.push('skills');
  }
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
  const unread = fields.location === null ? fields.unreadPlaces : [];
  const absent = [
    fields.email === null ? 'e-mail' : null,
    fields.phone === null ? 'phone number' : null,
    fields.location === null && unread.length === 0 ? 'location (City, Country)' : null,
    fields.linkedin === null ? 'LinkedIn URL' : null,
  ].filter((item): item is string => item !== null);
  // Something place-like was there but did not read as a place: say what, do not call it absent.
  const unreadNote =
    unread.length === 0
      ? ''
      : `Your location could not be read from ${listOf(unread.slice(0, 2).map((part) => quote(part)))}: write it as “City, Country” on one line.`;
  if (absent.length === 0 && unreadNote === '') {
    return check('contact', title, 'pass', 'E-mail, phone, location and LinkedIn were all found.');
  }
  const status: CheckStatus = fields.email === null || fields.phone === null ? 'fail' : 'warn';
  const absentNote =
    absent.length === 0
      ? ''
      : `No ${listOf(absent)} was found with your contact details: add it as plain text near the top, not in a header, icon or image.`;
  return check(
    'contact',
    title,
    status,
    [absentNote, unreadNote].filter((s) => s !== '').join(' '),
  );
}

const ESSENTIAL: readonly SectionKind[] = ['experience', 'education', 'skills'];
// Sections readers expect at the end; before the main ones they read as out of order.
const CLOSING: readonly SectionKind[] = ['interests', 'references'];

export function headingsCheck({ sections, columns }: CheckInput): AtsCheck {
  const title = 'Section headings';
  const kinds = sections.map((section) => section.kind);
  const missing = ESSENTIAL.filter((kind) => !kinds.includes(kind));
  const unknown = sections.filter((section) => section.kind === 'other').map((s) => s.title);
  if (missing.length > 0) {
    // Headings the reader saw but could not map: the missing section may be under one of them.
    const seen =
      unknown.length === 0
        ? ''
        : ` (it read ${listOf(unknown.slice(0, 3).map((text) => quote(text, 40)))} but could not map ${unknown.length === 1 ? 'it' : 'them'})`;
    return check(
      'headings',
      title,
      missing.length >= 2 ? 'fail' : 'warn',
      `No ${listOf(missing.map((kind) => `“${SECTION_TITLES[kind]}”`))} heading was recognised${seen}: use the standard words, each on its own line.`,
    );
  }
  if (unknown.length > 0) {
    return check(
      'headings',
      title,
      'warn',
      `An ATS does not know the heading ${listOf(unknown.slice(0, 3).map((text) => quote(text, 40)))}: rename it to a standard one such as Experience, Projects or Skills.`,
    );
  }
  // Side by side, which section comes first is the layout's doing (the layout check says so).
  if (columns > 1) {
    return check(
      'headings',
      title,
      'pass',
      'Standard headings (Experience, Education, Skills) were found in each column.',
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

export function datesCheck({ sections, fields }: CheckInput): AtsCheck {
  const title = 'Dates';
  const text = linesOfKinds(sections, ['experience', 'education', 'projects', 'certifications'])
    .filter((line) => line.text.length <= 2000)
    .map((line) => line.text)
    .join('\n');
  const odd = [...new Set(findUnparseableDates(text))];
  if (odd.length > 0) {
    return check(
      'dates',
      title,
      'fail',
      `An ATS cannot read ${listOf(odd.slice(0, 3).map((date) => `“${date}”`))} as a date: write every date as month and year, e.g. “Jan 2020”.`,
    );
  }
  const undated = fields.jobs.filter((job) => job.dates === null);
  if (fields.jobs.length > 0 && undated.length === fields.jobs.length) {
    const seen = undated.find((job) => job.dateText !== null)?.dateText ?? null;
    if (seen !== null) {
      return check(
        'dates',
        title,
        'warn',
        `The job dates could not be read from ${quote(seen, 40)}: give each job a start and an end, e.g. “Jan 2020 – Present”.`,
      );
    }
    return check(
      'dates',
      title,
      'fail',
      'No job has dates an ATS can read: add a start and end to each, e.g. “Jan 2020 – Present”.',
    );
  }
  // The jobs' own dates: a second form there confuses a parser (a year in a bullet does not).
  const formats = new Set<DateFormat>();
  for (const job of fields.jobs) {
    for (const date of job.range === null ? [] : [job.range.start, job.range.end]) {
      if (date.format !== null) formats.add(date.format);
    }
  }
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
    // Listed later yet both started and ended later: out of order. Overlapping roles are not.
    if (older.end.month > newer.end.month && older.start.month > newer.start.month) {
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
  const experience = linesOfKinds(sections, ['experience']);
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
    // Paragraphs are evidence (lines that wrap into the next); single lines may be a list whose
    // marks are pictures the reader cannot see.
    const wrapped = fields.jobs.some((job) => job.bodyLines > job.paragraphs);
    return wrapped
      ? check(
          'bullets',
          title,
          'fail',
          'Your experience has no bullet points, so an ATS sees one block of text: write each achievement as its own bullet.',
        )
      : check(
          'bullets',
          title,
          'warn',
          'No bullet marks were read in your experience; if they are pictures, an ATS cannot see them either: type each achievement as a bullet (•).',
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
