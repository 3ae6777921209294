import { findDateRanges, findDates, isOnlyDates } from './dates';
import { headParts } from './head-parts';
import { type AtsLine, bulletless, isBulletLine } from './lines';
import { DEGREE_WORDS, SCHOOL_WORDS } from './words';

export interface AtsDegree {
  degree: string | null;
  school: string | null;
  dates: string | null;
}

const MAX_CHARS = 400;

/** Degrees rarely have bullets: a new entry starts at each line naming a second degree. */
function degreeEntries(lines: readonly AtsLine[]): AtsLine[][] {
  const entries: AtsLine[][] = [];
  let namesDegree = false;
  for (const line of lines) {
    if (line.text.length > MAX_CHARS) continue;
    const degree = DEGREE_WORDS.test(line.text) && !isBulletLine(line);
    const current = entries.at(-1);
    if (current === undefined || (degree && namesDegree)) {
      entries.push([line]);
      namesDegree = degree;
    } else {
      current.push(line);
      namesDegree ||= degree;
    }
  }
  return entries;
}

function stripDates(part: string): string {
  let rest = part;
  for (const range of findDateRanges(part)) rest = rest.replace(range.text, '');
  return rest
    .replace(/^[\s,|–—-]+/u, '')
    .replace(/[\s,|–—-]+$/u, '')
    .trim();
}

function degreeOf(lines: readonly AtsLine[]): AtsDegree {
  // Date cells in reading order, so a range set on two lines ("Jun 2011 – Jan" above "2014") joins.
  const dateText = lines
    .flatMap((line) => line.segments.filter((s) => isOnlyDates(s.text)).map((s) => s.text))
    .join(' ');
  const text = lines.map((line) => line.text).join('\n');
  const parts = lines.flatMap((line) =>
    line.segments.flatMap((segment) =>
      headParts(stripDates(bulletless(segment.text))).parts.map((part) => ({
        part,
        bold: line.emphasised,
      })),
    ),
  );
  const degreeAt = parts.findIndex(
    ({ part }) => DEGREE_WORDS.test(part) && !SCHOOL_WORDS.test(part),
  );
  // The school by its words ("University", "Institute"), else the emphasised name beside the
  // degree ("UC Berkeley", "CalTech").
  const others = parts.filter(
    (candidate, index) =>
      index !== degreeAt && /^\p{Lu}/u.test(candidate.part) && !/\d|:/u.test(candidate.part),
  );
  const school =
    parts.find(({ part }) => SCHOOL_WORDS.test(part))?.part ??
    (degreeAt < 0 ? undefined : (others.find(({ bold }) => bold) ?? others[0])?.part);
  const range = findDateRanges(dateText)[0] ?? findDateRanges(text)[0];
  const single = findDates(text).at(-1);
  return {
    degree: degreeAt < 0 ? null : (parts[degreeAt]?.part ?? null),
    school: school ?? null,
    dates: range?.text ?? single?.text ?? null,
  };
}

export function degreesOf(lines: readonly AtsLine[]): AtsDegree[] {
  return degreeEntries(lines)
    .map(degreeOf)
    .filter((degree) => degree.degree !== null || degree.school !== null);
}

const MAX_SKILL = 40;

export function skillsOf(lines: readonly AtsLine[]): string[] {
  const skills = lines
    .filter((line) => line.text.length <= 2000)
    .flatMap((line) =>
      line.segments.flatMap((segment) =>
        bulletless(segment.text)
          .replace(/^[^:]{1,30}:\s?/u, '')
          .split(/[,;|•·]|\s{3,}/u),
      ),
    )
    .map((skill) => skill.replace(/\.$/u, '').trim())
    .filter((skill) => skill !== '' && skill.length <= MAX_SKILL);
  return [...new Set(skills)];
}
