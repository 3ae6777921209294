import { type AtsCheck, type CheckInput, check, listOf } from './checks';

const MATCH = { pass: 70, warn: 40 } as const;

/** The job description match: its keywords the resume has, the required ones first. */
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
  const required = new Set(keywords.required);
  // What the description requires comes before what it only names.
  const lacking = [...keywords.missing]
    .sort((a, b) => Number(required.has(b)) - Number(required.has(a)))
    .slice(0, 5)
    .map((term) => `“${term}”`);
  const missingRequired = keywords.missing.filter((term) => required.has(term)).length;
  const requiredNote =
    missingRequired === 0
      ? ''
      : ` (${missingRequired} of them ${missingRequired === 1 ? 'is' : 'are'} required by the description)`;
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
    `Your resume has only ${keywords.percent}% of the job’s keywords${requiredNote}: add ${listOf(lacking)} where they honestly describe your work.`,
  );
}
