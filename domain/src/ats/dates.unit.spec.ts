import { describe, expect, it } from 'vitest';
import { findDateRanges, findUnparseableDates, isOnlyDates, leadingDate, parseDate } from './dates';

describe('dates', () => {
  it.each([
    ['Jan 2020', 2020 * 12, 'month-name'],
    ['September 2019', 2019 * 12 + 8, 'month-name'],
    ['Sept. 2019', 2019 * 12 + 8, 'month-name'],
    ['03/2021', 2021 * 12 + 2, 'mm/yyyy'],
    ['2021-03', 2021 * 12 + 2, 'yyyy-mm'],
    ['2018', 2018 * 12, 'year'],
    ['Summer 2022', 2022 * 12 + 5, 'season'],
    ['09.2019', 2019 * 12 + 8, 'mm/yyyy'],
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

  it('reads an end still to come, "Ongoing", and two month dates whose dash the text lost', () => {
    expect(findDateRanges('Mar. 2016 – Exp. Jun. 2017').map((range) => range.text)).toEqual([
      'Mar. 2016 – Exp. Jun. 2017',
    ]);
    expect(findDateRanges('Month 20XX – Ongoing | Sep. 2023 Mar. 2024').map((r) => r.text)).toEqual(
      ['Sep. 2023 Mar. 2024'],
    );
    // Two bare years side by side are not a range (a phone, a list of years).
    expect(findDateRanges('2019 2020')).toEqual([]);
  });

  it('finds the date a line opens with, a dangling dash included', () => {
    expect(leadingDate('2017 – Product Manager, Google')).toBe('2017 –');
    expect(leadingDate('Present Leading cross-functional teams')).toBe('Present');
    expect(leadingDate('June 2022 – Present Software Engineer')).toBe('June 2022 – Present');
    expect(leadingDate('Product Manager 2017')).toBeNull();
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
    expect(isOnlyDates('2010-2014')).toBe(true);
    expect(isOnlyDates('2017 –')).toBe(true);
    expect(isOnlyDates('Jun 2011 – Jan')).toBe(true);
    expect(isOnlyDates('Acme, 2018')).toBe(false);
  });
});
