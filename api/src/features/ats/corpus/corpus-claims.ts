import type { AtsReport } from '@shortlist/domain';
import type { CorpusExpectation } from './corpus-expectations';
import type { FileScore, Reading } from './corpus-reading';

/*
 * The claims the ATS check's messages make about a page, read back from their words, and which
 * of them the page contradicts (corpus-expectations.ts says what each page shows).
 */

const CORE = ['experience', 'education', 'skills'] as const;

/** The claims a check's message makes about the page, in kinds that can be compared. */
export type Claim =
  | { kind: 'absent'; what: 'email' | 'phone' | 'location' | 'linkedin' }
  | { kind: 'no-heading'; section: string }
  | { kind: 'no-job-dates' }
  | { kind: 'no-bullets' }
  | { kind: 'columns' }
  | { kind: 'one-column' }
  | { kind: 'contact-in-header' }
  | { kind: 'text-in-header' }
  | { kind: 'parser-missed'; what: string }
  /** A value shown as found that the page does not hold (a DOI shown as the phone). */
  | { kind: 'wrong-value'; what: 'name' | 'email' | 'phone' | 'location' };

const CONTACT_WORDS: readonly [RegExp, 'email' | 'phone' | 'location' | 'linkedin'][] = [
  [/\be-mail\b/u, 'email'],
  [/\bphone\b/u, 'phone'],
  [/\blocation\b/u, 'location'],
  [/\blinkedin\b/iu, 'linkedin'],
];

/**
 * Reads the claims out of the report's messages. Every message that is not a pass must be
 * understood here (or known to claim no absence): an unknown one is returned as `unread`, so the
 * corpus test fails rather than let a new wording escape the count.
 */
export function claimsOf(report: AtsReport): { claims: Claim[]; unread: string[] } {
  const claims: Claim[] = [];
  const unread: string[] = [];
  for (const check of report.checks) {
    const { id, status, message } = check;
    const start = claims.length;
    if (id === 'contact' && status !== 'pass') {
      const absent = /^No (.+?) (?:was|were) (?:found|recognised)/u.exec(message)?.[1] ?? '';
      for (const [pattern, what] of CONTACT_WORDS) {
        if (pattern.test(absent)) claims.push({ kind: 'absent', what });
      }
    }
    if (id === 'headings' && /^No .* headings? (?:was|were) recognised/u.test(message)) {
      for (const match of message.matchAll(/“([^”]+)”/gu)) {
        claims.push({ kind: 'no-heading', section: (match[1] ?? '').toLowerCase() });
      }
    }
    if (id === 'dates' && /^No job has dates/u.test(message)) claims.push({ kind: 'no-job-dates' });
    if (id === 'bullets' && /has no bullet points/u.test(message))
      claims.push({ kind: 'no-bullets' });
    if (id === 'layout') {
      // "A few lines have text side by side" is true of a skills grid; "columns" is the claim.
      if (status === 'fail' && /columns/u.test(message)) claims.push({ kind: 'columns' });
      if (status === 'pass' && /one column/u.test(message)) claims.push({ kind: 'one-column' });
    }
    if (id === 'header-footer' && status !== 'pass') {
      claims.push(
        /^Contact details sit/u.test(message)
          ? { kind: 'contact-in-header' }
          : { kind: 'text-in-header' },
      );
    }
    if (id === 'fields' && status !== 'pass') {
      const missing = /could not find (.+?):/u.exec(message)?.[1] ?? '';
      for (const what of missing.split(/, | or /u)) claims.push({ kind: 'parser-missed', what });
    }
    const understood =
      status === 'pass' ||
      claims.length > start ||
      KNOWN_WITHOUT_ABSENCE.some((pattern) => pattern.test(message));
    if (!understood) unread.push(message);
  }
  return { claims, unread };
}

// Messages that name a defect without claiming anything is missing from the page.
const KNOWN_WITHOUT_ABSENCE: readonly RegExp[] = [
  /does not know the heading/u,
  /sections are in an unusual order/u,
  /cannot read .* as a date/u,
  /Dates are written in \d+ forms/u,
  /not in reverse-chronological order/u,
  /has (?:a table|\d+ tables)/u,
  /image/u,
  /Symbols such as|characters come out unreadable/u,
  /^At \d+/u,
  /bullets per job|no Experience section to check|No bullet marks were read/u,
  /lines have text side by side/u,
  /could not be read from/u,
  /of the job’s keywords|No keywords could be taken/u,
  /Word headers and footers/u,
];

/** The claims the page visibly contradicts. */
export function contradictions(claims: readonly Claim[], expected: CorpusExpectation): Claim[] {
  return claims.filter((claim) => {
    switch (claim.kind) {
      case 'absent':
        if (claim.what === 'email') return true;
        if (claim.what === 'phone') return expected.phone !== null;
        if (claim.what === 'location') return expected.location !== null;
        return expected.linkedin;
      case 'no-heading':
        return (CORE as readonly string[]).includes(claim.section)
          ? expected.sections[claim.section as (typeof CORE)[number]]
          : false;
      case 'no-job-dates':
        return (expected.datedJobs ?? 0) > 0;
      case 'no-bullets':
        return expected.bullets === true;
      case 'columns':
        return expected.columns === 1;
      case 'one-column':
        return expected.columns === 2;
      case 'contact-in-header':
        return true;
      case 'text-in-header':
        return !expected.runningText;
      case 'parser-missed':
        return false;
      case 'wrong-value':
        return true;
    }
    return false;
  });
}

/** The contact values shown that the page contradicts (a wrong value, not a missing one). */
export function wrongValues(reading: Reading, score: FileScore): Claim[] {
  const wrong: Claim[] = [];
  if (reading.name !== null && !score.name) wrong.push({ kind: 'wrong-value', what: 'name' });
  if (reading.email !== null && !score.email) wrong.push({ kind: 'wrong-value', what: 'email' });
  if (reading.phone !== null && !score.phone) wrong.push({ kind: 'wrong-value', what: 'phone' });
  if (reading.location !== null && score.location !== true) {
    wrong.push({ kind: 'wrong-value', what: 'location' });
  }
  return wrong;
}

/** "The parser could not find X" where the page shows X: true of the parser, a miss all the same. */
export function parserMisses(claims: readonly Claim[], expected: CorpusExpectation): string[] {
  return claims.flatMap((claim) => {
    if (claim.kind !== 'parser-missed') return [];
    const shown =
      claim.what === 'your name' ||
      (claim.what === 'any job' && expected.jobs > 0) ||
      (claim.what === 'a degree' && expected.sections.education) ||
      (claim.what === 'skills' && expected.sections.skills) ||
      (claim.what === "a job's dates" &&
        expected.datedJobs !== null &&
        expected.datedJobs === expected.jobs &&
        expected.jobs > 0);
    return shown ? [claim.what] : [];
  });
}
