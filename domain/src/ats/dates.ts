/**
 * Dates as an ATS parses them from resume text: month-and-year in one of the usual forms, a year
 * alone, or "Present". A date range is two of them joined by a dash or "to".
 */
export type DateFormat = 'month-name' | 'mm/yyyy' | 'yyyy-mm' | 'year';

/** Months since year 0: comparable, and Present is Infinity. */
export type MonthIndex = number;

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

const MONTH_NAME = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const YEAR = String.raw`(?:19|20)\d{2}`;
const PRESENT = '(?:present|current|now|today|till date|to date)';
const ONE_DATE = String.raw`(?:${MONTH_NAME},?\s+${YEAR}|(?:0?[1-9]|1[0-2])\/${YEAR}|${YEAR}-(?:0[1-9]|1[0-2])|${YEAR}|${PRESENT})`;
const DASH = String.raw`\s*(?:-|–|—|to|until)\s*`;

const RANGE = new RegExp(String.raw`(?<![\w/-])(${ONE_DATE})${DASH}(${ONE_DATE})(?![\w/-])`, 'giu');
const SINGLE = new RegExp(String.raw`(?<![\w/-])(${ONE_DATE})(?![\w/-])`, 'giu');

/**
 * Date-like text an ATS cannot place on a calendar: seasons, quarters, apostrophe years
 * ("Summer '19", "Q3 2020", "'18 – '20").
 */
const UNPARSEABLE = new RegExp(
  String.raw`\b(?:spring|summer|autumn|fall|winter)\s+(?:'?\d{2}|${YEAR})\b|\bq[1-4]\s+${YEAR}\b|(?<![\w'])'\d{2}\b`,
  'giu',
);

export function parseDate(text: string): ParsedDate | null {
  const raw = text.trim();
  const lower = raw.toLowerCase();
  if (new RegExp(`^${PRESENT}$`, 'iu').test(lower)) {
    return { text: raw, month: Number.POSITIVE_INFINITY, format: null };
  }
  const named = new RegExp(String.raw`^(${MONTH_NAME}),?\s+(${YEAR})$`, 'iu').exec(lower);
  if (named?.[1] !== undefined && named[2] !== undefined) {
    const month = MONTHS.indexOf(named[1].slice(0, 3) as (typeof MONTHS)[number]);
    return { text: raw, month: Number(named[2]) * 12 + month, format: 'month-name' };
  }
  const slash = new RegExp(String.raw`^(0?[1-9]|1[0-2])\/(${YEAR})$`, 'u').exec(lower);
  if (slash?.[1] !== undefined && slash[2] !== undefined) {
    return { text: raw, month: Number(slash[2]) * 12 + Number(slash[1]) - 1, format: 'mm/yyyy' };
  }
  const iso = new RegExp(`^(${YEAR})-(0[1-9]|1[0-2])$`, 'u').exec(lower);
  if (iso?.[1] !== undefined && iso[2] !== undefined) {
    return { text: raw, month: Number(iso[1]) * 12 + Number(iso[2]) - 1, format: 'yyyy-mm' };
  }
  if (new RegExp(`^${YEAR}$`, 'u').test(lower)) {
    return { text: raw, month: Number(lower) * 12, format: 'year' };
  }
  return null;
}

/** Every date range in the text, left to right. */
export function findDateRanges(text: string): DateRange[] {
  const ranges: DateRange[] = [];
  for (const match of text.matchAll(RANGE)) {
    const start = parseDate(match[1] ?? '');
    const end = parseDate(match[2] ?? '');
    // "Present – 2020" is not a range; a start must be a real date.
    if (start === null || end === null || start.format === null) continue;
    ranges.push({ text: match[0].trim(), start, end });
  }
  return ranges;
}

/** Every date in the text, ranges' ends included, "Present" excluded. */
export function findDates(text: string): ParsedDate[] {
  const dates: ParsedDate[] = [];
  for (const match of text.matchAll(SINGLE)) {
    const date = parseDate(match[1] ?? '');
    if (date !== null && date.format !== null) dates.push(date);
  }
  return dates;
}

export function findUnparseableDates(text: string): string[] {
  return [...text.matchAll(UNPARSEABLE)].map((match) => match[0]);
}

/** True when the text is nothing but dates and dashes (a right-aligned date cell). */
export function isOnlyDates(text: string): boolean {
  const rest = text
    .replace(RANGE, '')
    .replace(SINGLE, '')
    .replace(/[\s,|–—-]/g, '');
  return rest === '' && text.trim() !== '';
}

export const DATE_FORMAT_LABELS: Readonly<Record<DateFormat, string>> = {
  'month-name': 'Jan 2020',
  'mm/yyyy': '01/2020',
  'yyyy-mm': '2020-01',
  year: '2020',
};
