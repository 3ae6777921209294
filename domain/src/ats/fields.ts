import { type DateRange, findDateRanges, findDates, isOnlyDates } from './dates';
import {
  firstEmailIn,
  PART_SEPARATOR,
  trimEndWhere,
  trimWhere,
  withoutPieces,
} from './linear-text';
import { type AtsLine, bulletless, isBulletLine } from './lines';
import type { AtsSection, SectionKind } from './sections';

/** A job as an ATS fills its form: null where the parser found nothing. */
export interface AtsJob {
  title: string | null;
  company: string | null;
  dates: string | null;
  bullets: number;
  /** For the chronology check; not sent to the client. */
  range: DateRange | null;
}

export interface AtsDegree {
  degree: string | null;
  school: string | null;
  dates: string | null;
}

/** The fields an ATS fills from the resume, each found by feature scoring, none by position. */
export interface AtsFields {
  name: string | null;
  email: string | null;
  phone: string | null;
  location: string | null;
  linkedin: string | null;
  jobs: AtsJob[];
  education: AtsDegree[];
  skills: string[];
}

/** What separates a field from the dates beside it: trimmed from a part's ends. */
const SEPARATOR = /[\s,|–—-]/u;
const PHONE = /(?<![\w/-])\+?\(?\d[\d\s().-]{7,}\d(?![\w/-])/u;
const LINKEDIN = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/in\/[\w%-]+\/?/iu;
const _URL = /(?:https?:\/\/|www\.)\S+|\b[\w-]+\.(?:com|io|dev|org|net|in)\/\S*/iu;
// "Pune, India", "Austin, TX", "London, UK": capitalised words, a comma, a capitalised place.
const LOCATION =
  /^\p{Lu}[\p{L}.' -]{1,40},\s*\p{Lu}[\p{L}.' -]{1,40}(?:,\s*\p{Lu}[\p{L}.' -]{1,40})?$/u;

/** The cells of a line, further split on the separators people put between fields. */
function partsOf(line: AtsLine): string[] {
  return line.segments
    .flatMap((segment) => segment.text.split(PART_SEPARATOR))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

const JOB_TITLE_WORDS =
  /\b(?:engineer|developer|manager|analyst|intern|designer|consultant|lead|director|specialist|scientist|officer|associate|coordinator|administrator|architect|assistant|executive|head|president|accountant|teacher|lecturer|professor|researcher|technician|programmer|writer|editor|nurse|supervisor|representative|advisor|adviser|strategist|recruiter|founder|co-founder|owner|trainee|fellow|chef|clerk|agent|operator|planner|producer|marketer|tester|auditor)s?\b/iu;
const COMPANY_WORDS =
  /\b(?:inc|ltd|llc|llp|plc|pvt|corp|corporation|company|co|limited|technologies|technology|solutions|systems|labs|bank|group|services|consulting|software|studio|agency|hospital|university|foundation|partners|ventures|industries|enterprises|global|digital)\b\.?/iu;
const DEGREE_WORDS =
  /\b(?:bachelor|master|doctor|ph\.?\s?d|mba|b\.?\s?tech|m\.?\s?tech|b\.?\s?e|m\.?\s?e|b\.?\s?sc|m\.?\s?sc|b\.?\s?com|m\.?\s?com|b\.?\s?a|m\.?\s?a|bca|mca|bba|b\.?s|m\.?s|diploma|associate'?s?|high school|secondary|hsc|ssc|certificate|degree)\b/iu;
const SCHOOL_WORDS =
  /\b(?:university|college|institute|school|academy|iit|iim|nit|polytechnic|universidad|université)\b/iu;

/** Scores each candidate with its features and keeps the best one above zero (OpenResume). */
function best<T>(candidates: readonly T[], score: (candidate: T) => number): T | null {
  let winner: T | null = null;
  let top = 0;
  for (const candidate of candidates) {
    const value = score(candidate);
    if (value > top) [winner, top] = [candidate, value];
  }
  return winner;
}

function profileFields(profile: readonly AtsLine[], all: readonly AtsLine[]) {
  const text = all.map((line) => line.text).join('\n');
  const parts = profile.flatMap((line) =>
    partsOf(line).map((part) => ({ part, line, size: line.fontSize })),
  );
  const largest = Math.max(0, ...profile.map((line) => line.fontSize));
  const name = best(parts, ({ part, line, size }) => {
    if (/[@\d/:]/.test(part) || part.includes(',')) return 0;
    const words = part.split(/\s+/);
    if (words.length < 2 || words.length > 4) return 0;
    if (!words.every((word) => /^\p{Lu}[\p{L}'.-]*$/u.test(word) || /^\p{Lu}+$/u.test(word))) {
      return 0;
    }
    let score = 3;
    if (size === largest) score += 2;
    if (line.emphasised) score += 1;
    if (JOB_TITLE_WORDS.test(part)) score -= 2;
    if (LOCATION.test(part)) score -= 2;
    return score;
  });
  const location = best(parts, ({ part }) => {
    if (/[@\d/]/.test(part) || !LOCATION.test(part)) return 0;
    return part === name?.part ? 0 : 2;
  });
  return {
    name: name?.part ?? null,
    email: firstEmailIn(text),
    phone: phoneIn(text),
    location: location?.part ?? null,
    linkedin: LINKEDIN.exec(text)?.[0] ?? null,
  };
}

function phoneIn(text: string): string | null {
  for (const line of text.split('\n')) {
    // Date ranges look like digit runs; take them out before looking for a phone number.
    const withoutDates = withoutPieces(
      line,
      findDateRanges(line).map((range) => range.text),
      ' ',
    );
    const match = PHONE.exec(withoutDates);
    if (match !== null && match[0].replace(/\D/g, '').length >= 8) return match[0].trim();
  }
  return null;
}

/** A section's entries: a new one starts at each non-bullet line that follows bullets. */
function entriesOf(lines: readonly AtsLine[]): { head: AtsLine[]; bullets: AtsLine[] }[] {
  const entries: { head: AtsLine[]; bullets: AtsLine[] }[] = [];
  for (const line of lines) {
    const current = entries.at(-1);
    const lastBullet = current?.bullets.at(-1);
    // Indented under the bullet's text: the bullet wrapped onto another line.
    const wrapped =
      lastBullet !== undefined &&
      !isBulletLine(line) &&
      line.page === lastBullet.page &&
      line.x > lastBullet.x + 1 &&
      findDateRanges(line.text).length === 0;
    if (wrapped) continue;
    if (isBulletLine(line)) {
      if (current === undefined) entries.push({ head: [], bullets: [line] });
      else current.bullets.push(line);
    } else if (current === undefined || current.bullets.length > 0) {
      entries.push({ head: [line], bullets: [] });
    } else if (current.head.length < 3 || findDateRanges(line.text).length > 0) {
      current.head.push(line);
    } else {
      // Prose under a job without bullet marks: it describes the job, it does not start one.
      current.bullets.push(line);
    }
  }
  return entries;
}

function jobOf(entry: { head: AtsLine[]; bullets: AtsLine[] }): AtsJob {
  const headText = entry.head.map((line) => line.text).join('\n');
  const range = findDateRanges(headText)[0] ?? null;
  const parts = entry.head
    .flatMap((line) => partsOf(line).map((part) => ({ part, emphasised: line.emphasised })))
    .map(({ part, emphasised }) => ({
      part: trimWhere(range === null ? part : part.replace(range.text, ''), SEPARATOR).trim(),
      emphasised,
    }))
    .filter(({ part }) => part !== '' && !isOnlyDates(part));
  const title = best(parts, ({ part, emphasised }) => {
    let score = 0;
    if (JOB_TITLE_WORDS.test(part)) score += 4;
    if (COMPANY_WORDS.test(part)) score -= 2;
    if (LOCATION.test(part)) score -= 3;
    if (emphasised) score += 1;
    return score > 1 ? score : 0;
  });
  const company = best(parts, (candidate) => {
    if (candidate === title) return 0;
    let score = 1;
    if (COMPANY_WORDS.test(candidate.part)) score += 3;
    if (JOB_TITLE_WORDS.test(candidate.part)) score -= 2;
    if (LOCATION.test(candidate.part)) score -= 2;
    if (candidate.part.split(/\s+/).length > 6) score -= 2;
    return score;
  });
  return {
    title: title?.part ?? null,
    company: company?.part ?? null,
    dates: range?.text ?? null,
    bullets: entry.bullets.length,
    range,
  };
}

/** Degrees rarely have bullets: a new entry starts at each line naming a second degree. */
function degreeEntriesOf(lines: readonly AtsLine[]): { head: AtsLine[]; bullets: AtsLine[] }[] {
  const entries: { head: AtsLine[]; bullets: AtsLine[] }[] = [];
  for (const line of lines) {
    const current = entries.at(-1);
    const namesDegree = DEGREE_WORDS.test(line.text) && !isBulletLine(line);
    if (
      current === undefined ||
      (namesDegree && current.head.some((l) => DEGREE_WORDS.test(l.text)))
    ) {
      entries.push({ head: [line], bullets: [] });
    } else {
      current.head.push(line);
    }
  }
  return entries;
}

function degreeOf(entry: { head: AtsLine[]; bullets: AtsLine[] }): AtsDegree {
  const lines = [...entry.head, ...entry.bullets];
  const text = lines.map((line) => line.text).join('\n');
  const parts = lines.flatMap(partsOf).filter((part) => !isOnlyDates(part));
  const degree = best(parts, (part) =>
    DEGREE_WORDS.test(part) && !SCHOOL_WORDS.test(part) ? 2 : 0,
  );
  const school = best(parts, (part) => (SCHOOL_WORDS.test(part) ? 2 : 0));
  const range = findDateRanges(text)[0];
  const single = findDates(text).at(-1);
  return {
    degree: degree === null ? null : stripDates(degree),
    school: school === null ? null : stripDates(school),
    dates: range?.text ?? single?.text ?? null,
  };
}

function stripDates(part: string): string {
  return trimEndWhere(
    withoutPieces(
      part,
      findDateRanges(part).map((range) => range.text),
      '',
    ),
    SEPARATOR,
  ).trim();
}

function skillsOf(lines: readonly AtsLine[]): string[] {
  const skills = lines
    .flatMap((line) =>
      bulletless(line.text)
        .replace(/^[^:]{1,30}:\s*/u, '')
        .split(/[,;|•·]|\s{3,}/u),
    )
    .map((skill) => skill.replace(/\.$/u, '').trim())
    .filter((skill) => skill !== '' && skill.length <= 40);
  return [...new Set(skills)];
}

function linesOfKind(sections: readonly AtsSection[], kind: SectionKind | 'profile'): AtsLine[] {
  return sections.filter((section) => section.kind === kind).flatMap((section) => section.lines);
}

export function fieldsOf(sections: readonly AtsSection[]): AtsFields {
  const all = sections.flatMap((section) => section.lines);
  const profile = linesOfKind(sections, 'profile');
  return {
    ...profileFields(profile, all),
    jobs: entriesOf(linesOfKind(sections, 'experience')).map(jobOf),
    education: degreeEntriesOf(linesOfKind(sections, 'education'))
      .map(degreeOf)
      .filter((degree) => degree.degree !== null || degree.school !== null),
    skills: skillsOf(linesOfKind(sections, 'skills')),
  };
}
