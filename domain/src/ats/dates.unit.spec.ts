import { describe, expect, it } from 'vitest';
import { findDateRanges, findUnparseableDates, isOnlyDates, parseDate } from './dates';

describe('dates', () => {
  it.each([
    ['Jan 2020', 2020 * 12, 'month-name'],
    ['September 2019', 2019 * 12 + 8, 'month-name'],
    ['Sept. 2019', 2019 * 12 + 8, 'month-name'],
    ['03/2021', 2021 * 12 + 2, 'mm/yyyy'],
    ['2021-03', 2021 * 12 + 2, 'yyyy-mm'],
    ['2018', 2018 * 12, 'year'],
  ])('reads %s', (text, month, format) => {
    expect(parseDate(text)).toEqual({ text, month, format });
  });

  it('reads Present as the open end of a range', () => {
    expect(findDateRanges('Engineer, Acme   Jan 2021 – Present')).toEqual([
      {
        text: 'Jan 2021 – Present',
        start: { text: 'Jan 2021', month: 2021 * 12, format: 'month-name' },
        end: { text: 'Present', month: Number.POSITIVE_INFINITY, format: null },
      },
    ]);
  });

  it('does not take a phone number for dates', () => {
    expect(findDateRanges('+91 2020 2021 4455')).toEqual([]);
  });

  it('names what it cannot read', () => {
    expect(findUnparseableDates("Summer '19 – Q3 2020, then '21")).toEqual([
      "Summer '19",
      'Q3 2020',
      "'21",
    ]);
  });

  it('tells a date-only cell from text', () => {
    expect(isOnlyDates('Jun 2018 – Dec 2020')).toBe(true);
    expect(isOnlyDates('Acme, 2018')).toBe(false);
  });
});
