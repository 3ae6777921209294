import type { AtsDocument, AtsDocumentKind } from './ats-document';
import type { AtsCheck, AtsCheckId, CheckInput, CheckStatus } from './checks';
import {
  bulletsCheck,
  chronologyCheck,
  contactCheck,
  datesCheck,
  fieldsCheck,
  headingsCheck,
  lengthCheck,
} from './content-checks';
import { type AtsDegree, fieldsOf } from './fields';
import { extractKeywords, matchKeywords } from './keywords';
import { keywordsCheck } from './keywords-check';
import {
  headerFooterCheck,
  imagesCheck,
  layoutCheck,
  symbolsCheck,
  textLayerCheck,
} from './layout-checks';
import { plainTextOf, readLines } from './lines';
import { normaliseDocument } from './normalise';
import { runningLinesOf } from './running-lines';
import { type SectionKind, sectionsOf } from './sections';

/** How much each check weighs in the score; a pass earns all, a warning half, a failure none. */
export const CHECK_WEIGHTS: Readonly<Record<AtsCheckId, number>> = {
  'text-layer': 20,
  fields: 15,
  contact: 10,
  headings: 10,
  dates: 6,
  chronology: 5,
  layout: 10,
  'header-footer': 4,
  images: 4,
  symbols: 4,
  length: 6,
  bullets: 6,
  keywords: 20,
};

const EARNED: Readonly<Record<CheckStatus, number>> = { pass: 1, warn: 0.5, fail: 0 };
const SEVERITY: Readonly<Record<CheckStatus, number>> = { fail: 0, warn: 1, pass: 2 };
/** Words per page a Word file is estimated at, having no pages of its own. */
const WORDS_PER_PAGE = 500;

export interface AtsJobView {
  title: string | null;
  company: string | null;
  dates: string | null;
}

export interface AtsReport {
  score: number;
  kind: AtsDocumentKind;
  pages: number;
  words: number;
  /** The most columns found side by side on a page; 1 when the text reads as one column. */
  columns: number;
  /** Worst first: what to fix first comes first, the missing fields before anything else. */
  checks: AtsCheck[];
  fields: {
    name: string | null;
    email: string | null;
    phone: string | null;
    location: string | null;
    linkedin: string | null;
    jobs: AtsJobView[];
    education: AtsDegree[];
    skills: string[];
  };
  sections: { kind: SectionKind | 'profile' | 'other'; title: string }[];
  /** The plain text as a parser reads it, in its reading order. */
  text: string;
  keywords: {
    found: string[];
    missing: string[];
    percent: number | null;
    /** The keywords the description requires, and those it names as a plus. */
    required: string[];
    preferred: string[];
  } | null;
  limitations: string[];
}

export interface CheckResumeOptions {
  jobDescription?: string | null;
}

function countWords(text: string): number {
  let words = 0;
  for (const word of text.split(/\s+/u)) if (/[\p{L}\p{N}]/u.test(word)) words += 1;
  return words;
}

/** Scores a resume 0–100 from explained checks, the way an ATS reads it. */
export function checkResume(raw: AtsDocument, options: CheckResumeOptions = {}): AtsReport {
  const { document, icons } = normaliseDocument(raw);
  const { lines, layouts } = readLines(document);
  const running = runningLinesOf(document, lines);
  // Repeated headers and footers would break a job that runs across pages: the sections skip them.
  const sections = sectionsOf(lines.filter((line) => !running.has(line)));
  const fields = fieldsOf(sections);
  const text = plainTextOf(lines);
  const words = countWords(text);
  const pages = document.positioned
    ? Math.max(1, document.pages.length)
    : Math.max(1, Math.ceil(words / WORDS_PER_PAGE));
  const jd = options.jobDescription?.trim() ?? '';
  const keywords = jd === '' ? null : matchKeywords(extractKeywords(jd), text);
  const columns = layouts.reduce((most, layout) => Math.max(most, layout.columns), 1);
  const input: CheckInput = {
    document,
    lines,
    sections,
    fields,
    words,
    pages,
    keywords,
    columns,
    running,
    icons,
  };
  const checks = [
    textLayerCheck(input),
    fieldsCheck(input),
    contactCheck(input),
    headingsCheck(input),
    datesCheck(input),
    chronologyCheck(input),
    layoutCheck(input),
    headerFooterCheck(input),
    imagesCheck(input),
    symbolsCheck(input),
    lengthCheck(input),
    bulletsCheck(input),
    keywordsCheck(input),
  ].filter((item): item is AtsCheck => item !== null);
  return {
    score: scoreOf(checks),
    kind: document.kind,
    pages,
    words,
    columns,
    // A stable sort keeps the order above (fields and contact first) within each status.
    checks: [...checks].sort((a, b) => SEVERITY[a.status] - SEVERITY[b.status]),
    fields: {
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      location: fields.location,
      linkedin: fields.linkedin,
      jobs: fields.jobs.map(({ title, company, dates }) => ({ title, company, dates })),
      education: fields.education,
      skills: fields.skills,
    },
    sections: sections
      .filter((section) => section.kind !== 'profile')
      .map(({ kind, title }) => ({ kind, title })),
    text,
    keywords:
      keywords === null
        ? null
        : {
            found: keywords.found,
            missing: keywords.missing,
            percent: keywords.percent,
            required: keywords.required,
            preferred: keywords.preferred,
          },
    limitations: [...document.limitations],
  };
}

/** The weighted share of the checks passed, 0–100; no text at all scores 0. */
export function scoreOf(checks: readonly AtsCheck[]): number {
  if (checks.some((item) => item.id === 'text-layer' && item.status === 'fail')) return 0;
  let total = 0;
  let earned = 0;
  for (const item of checks) {
    total += CHECK_WEIGHTS[item.id];
    earned += CHECK_WEIGHTS[item.id] * EARNED[item.status];
  }
  return total === 0 ? 0 : Math.round((100 * earned) / total);
}
