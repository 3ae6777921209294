/**
 * Dates as an ATS parses them from resume text: month and year in one of the usual forms, a
 * season and year, a year alone, or "Present". A date range is two of them joined by a dash or
 * "to". Every pattern here is anchored on fixed words and digit counts, so a scan is linear.
 */
export type DateFormat = 'month-name' | 'mm/yyyy' | 'yyyy-mm' | 'season' | 'year';

/** Months since year 0: comparable, and Present is Infinity. */
type MonthIndex = number;

export interface ParsedDate {
  text: string;
  month: MonthIndex;
  /** Null for "Present", which fits any format. */
  format: DateFormat | null;
}

export interface DateRange {
  text: string;
  start: ParsedDate;
  end: ParsedDate;
}

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

// Where a season starts, for ordering: spring in March, summer in June, autumn in September.
const SEASON_MONTH: Readonly<Record<string, number>> = {
  winter: 0,
  spring: 2,
  summer: 5,
  autumn: 8,
  fall: 8,
};

const MONTH_NAME = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const SEASON = '(?:spring|summer|autumn|fall|winter)';
const YEAR = String.raw`(?:19|20)\d{2}`;
const PRESENT = '(?:present|current|now|today|ongoing|till date|to date)';
// "Exp. Jun 2017", "Expected May 2026": an end still to come reads as that date.
const EXPECTED = String.raw`(?:exp(?:ected)?\.?\s)?`;
const NUMERIC_MONTH = '(?:0?[1-9]|1[0-2])';
const ONE_DATE = String.raw`(?:${MONTH_NAME},?\s${YEAR}|${SEASON}\s${YEAR}|${NUMERIC_MONTH}[/.]${YEAR}|${YEAR}[-/](?:0[1-9]|1[0-2])|${YEAR}|${PRESENT})`;
// A dash or "to" between two dates; or a bare space between two month dates, as a PDF leaves a
// range whose dash was a soft hyphen its text layer dropped ("Sep. 2023 Mar. 2024").
const DASH = String.raw`(\s?(?:-|–|—|~|to|until|till|through)\s?|\s)`;

const RANGE = new RegExp(
  String.raw`(?<![\w/.-])(${ONE_DATE})${DASH}(${EXPECTED}${ONE_DATE})(?![\w/-])`,
  'giu',
);
const SINGLE = new RegExp(String.raw`(?<![\w/.-])(${EXPECTED}${ONE_DATE})(?![\w/-])`, 'giu');
const HAS_DATE = new RegExp(SINGLE.source, 'iu');
const HAS_RANGE = new RegExp(RANGE.source, 'iu');

/**
 * Date-like text an ATS cannot place on a calendar: quarters and apostrophe years ("Q3 2020",
 * "'18 – '20", "Summer '19").
 */
const UNPARSEABLE = new RegExp(
  String.raw`\b${SEASON}\s'\d{2}\b|\bq[1-4]\s${YEAR}\b|(?<![\w'])'\d{2}\b`,
  'giu',
);

// A month name left at the end of a line whose year is on the next ("Jun 2011 – Jan" / "2014").
const DANGLING_MONTH = new RegExp(String.raw`[–—~-]\s?${MONTH_NAME}$`, 'iu');
// A date, or the start of a range, that a line opens with ("2017 –", "June 2022 – Present").
const LEADING_DATE = new RegExp(
  String.raw`^(?:${ONE_DATE}(?:${DASH}(?:${EXPECTED}${ONE_DATE})?)?)(?![\w/])`,
  'iu',
);
const NAMED_FORMATS: ReadonlySet<DateFormat> = new Set(['month-name', 'season']);
const PRESENT_ONLY = new RegExp(`^${PRESENT}$`, 'iu');
const NAMED = new RegExp(String.raw`^(${MONTH_NAME}),?\s(${YEAR})$`, 'iu');
const SEASONED = new RegExp(String.raw`^(${SEASON})\s(${YEAR})$`, 'iu');
const SLASHED = new RegExp(String.raw`^(${NUMERIC_MONTH})[/.](${YEAR})$`, 'u');
const ISO = new RegExp(`^(${YEAR})[-/](0[1-9]|1[0-2])$`, 'u');
const YEAR_ONLY = new RegExp(`^${YEAR}$`, 'u');
const EXPECTED_PREFIX = /^exp(?:ected)?\.?\s/iu;

/** Spaces as one: the patterns above expect single spaces (normalised text has them). */
function tidy(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

export function parseDate(text: string): ParsedDate | null {
  const raw = text.trim();
  const lower = tidy(raw).toLowerCase().replace(EXPECTED_PREFIX, '');
  if (PRESENT_ONLY.test(lower)) {
    return { text: raw, month: Number.POSITIVE_INFINITY, format: null };
  }
  const named = NAMED.exec(lower);
  if (named?.[1] !== undefined && named[2] !== undefined) {
    const month = MONTHS.indexOf(named[1].slice(0, 3) as (typeof MONTHS)[number]);
    return { text: raw, month: Number(named[2]) * 12 + month, format: 'month-name' };
  }
  const season = SEASONED.exec(lower);
  if (season?.[1] !== undefined && season[2] !== undefined) {
    const month = SEASON_MONTH[season[1]] ?? 0;
    return { text: raw, month: Number(season[2]) * 12 + month, format: 'season' };
  }
  const slash = SLASHED.exec(lower);
  if (slash?.[1] !== undefined && slash[2] !== undefined) {
    return { text: raw, month: Number(slash[2]) * 12 + Number(slash[1]) - 1, format: 'mm/yyyy' };
  }
  const iso = ISO.exec(lower);
  if (iso?.[1] !== undefined && iso[2] !== undefined) {
    return { text: raw, month: Number(iso[1]) * 12 + Number(iso[2]) - 1, format: 'yyyy-mm' };
  }
  if (YEAR_ONLY.test(lower)) {
    return { text: raw, month: Number(lower) * 12, format: 'year' };
  }
  return null;
}

/** Every date range in the text, left to right. */
export function findDateRanges(text: string): DateRange[] {
  const ranges: DateRange[] = [];
  for (const match of tidy(text).matchAll(RANGE)) {
    const start = parseDate(match[1] ?? '');
    const end = parseDate(match[3] ?? '');
    // "Present – 2020" is not a range; a start must be a real date, and not after the end.
    if (start === null || end === null || start.format === null) continue;
    if (
      match[2] === ' ' &&
      !(NAMED_FORMATS.has(start.format) && (end.format === null || NAMED_FORMATS.has(end.format)))
    ) {
      continue;
    }
    if (start.month > end.month + 11) continue;
    ranges.push({ text: match[0].trim(), start, end });
  }
  return ranges;
}

/** Every date in the text, ranges' ends included, "Present" excluded. */
export function findDates(text: string): ParsedDate[] {
  const dates: ParsedDate[] = [];
  for (const match of tidy(text).matchAll(SINGLE)) {
    const date = parseDate(match[1] ?? '');
    if (date !== null && date.format !== null) dates.push(date);
  }
  return dates;
}

export function findUnparseableDates(text: string): string[] {
  return [...text.matchAll(UNPARSEABLE)].map((match) => match[0]);
}

/**
 * True when the text is nothing but dates and dashes: a date cell beside the text, or half of a
 * range set on two lines ("2017 –" above "Present").
 */
export function isOnlyDates(text: string): boolean {
  const tidied = tidy(text);
  if (!HAS_DATE.test(tidied) && !HAS_RANGE.test(tidied)) return false;
  const rest = tidied
    .replace(DANGLING_MONTH, '')
    .replace(RANGE, '')
    .replace(SINGLE, '')
    .replace(/[\s,|–—~-]/gu, '');
  return rest === '';
}

/** The date or range a text opens with, a dangling dash included ("2017 –"), or null. */
export function leadingDate(text: string): string | null {
  const tidied = tidy(text);
  const match = LEADING_DATE.exec(tidied);
  return match === null || match[0].trim() === '' ? null : match[0].trim();
}

export const DATE_FORMAT_LABELS: Readonly<Record<DateFormat, string>> = {
  'month-name': 'Jan 2020',
  'mm/yyyy': '01/2020',
  'yyyy-mm': '2020-01',
  season: 'Summer 2020',
  year: '2020',
};
