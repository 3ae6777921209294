import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currency';
import {
  formatPrice,
  fromMinorUnits,
  isFree,
  listPriceOf,
  PRICE_TABLE,
  priceOf,
  quoteOf,
  savings,
  toMinorUnits,
} from './price-table';
import { PURCHASABLE_SERVICE_IDS } from './service-catalogue';

const service = fc.constantFrom(...PURCHASABLE_SERVICE_IDS);
const currency = fc.constantFrom(...CURRENCIES);
/** Amounts with at most two decimals, as a price table could hold them. */
const amount = fc.integer({ min: 0, max: 10_000_000_00 }).map((cents) => cents / 100);

describe('the SPEC §9 price table', () => {
  it('holds the default prices', () => {
    expect(priceOf('resume_from_scratch', 'INR')).toBe(850);
    expect(listPriceOf('resume_from_scratch', 'INR')).toBe(3000);
    expect(priceOf('resume_from_scratch', 'USD')).toBe(17);
    expect(listPriceOf('resume_from_scratch', 'USD')).toBe(39);
    expect(priceOf('resume_rewrite', 'INR')).toBe(800);
    expect(listPriceOf('resume_rewrite', 'INR')).toBe(2700);
    expect(priceOf('resume_rewrite', 'USD')).toBe(14);
    expect(listPriceOf('resume_rewrite', 'USD')).toBe(35);
    expect(priceOf('resume_review', 'INR')).toBe(200);
    expect(priceOf('resume_review', 'USD')).toBe(3);
    expect(listPriceOf('resume_review', 'INR')).toBeNull();
    expect(listPriceOf('resume_review', 'USD')).toBeNull();
  });

  it('prices no coming-soon service', () => {
    expect(Object.keys(PRICE_TABLE).sort()).toEqual([...PURCHASABLE_SERVICE_IDS].sort());
    expect(Object.keys(PRICE_TABLE)).not.toContain('linkedin_opt');
  });

  it('gives every purchasable service a price in every currency', () => {
    fc.assert(
      fc.property(service, currency, (s, c) => {
        const price = priceOf(s, c);
        expect(Number.isFinite(price)).toBe(true);
        expect(price).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(toMinorUnits(price, c))).toBe(true);
      }),
    );
  });

  it('computes savings as list minus sale, never negative, null without a list price', () => {
    expect(savings('resume_from_scratch', 'INR')).toBe(2150);
    expect(savings('resume_rewrite', 'USD')).toBe(21);
    expect(savings('resume_review', 'INR')).toBeNull();
    fc.assert(
      fc.property(service, currency, (s, c) => {
        const saved = savings(s, c);
        const list = listPriceOf(s, c);
        if (list === null) expect(saved).toBeNull();
        else if (saved !== null) {
          expect(saved).toBeGreaterThan(0);
          expect(saved).toBe(list - priceOf(s, c));
        }
      }),
    );
  });
});

describe('minor units', () => {
  it('converts whole units to exact integers', () => {
    expect(toMinorUnits(850, 'INR')).toBe(85_000);
    expect(toMinorUnits(17, 'USD')).toBe(1_700);
    expect(toMinorUnits(0.29, 'USD')).toBe(29);
    fc.assert(
      fc.property(amount, currency, (a, c) => {
        const minor = toMinorUnits(a, c);
        expect(Number.isSafeInteger(minor)).toBe(true);
        expect(fromMinorUnits(minor, c)).toBe(a);
      }),
    );
  });

  it('refuses amounts that would need rounding or cannot be charged', () => {
    expect(() => toMinorUnits(1.005, 'INR')).toThrow(RangeError);
    expect(() => toMinorUnits(-1, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY, 'INR')).toThrow(RangeError);
    expect(() => fromMinorUnits(1.5, 'INR')).toThrow(RangeError);
  });
});

describe('display', () => {
  it('shows Free for a price of 0 and the amount otherwise', () => {
    expect(isFree(0)).toBe(true);
    expect(isFree(3)).toBe(false);
    expect(formatPrice(0, 'INR')).toBe('Free');
    expect(formatPrice(3000, 'INR')).toBe('₹3,000');
    expect(formatPrice(17, 'USD')).toBe('$17');
    expect(formatPrice(14.5, 'USD')).toBe('$14.50');
  });

  it('keeps each currency its grouping and each amount its decimals, in any order', () => {
    expect(formatPrice(1234567, 'USD')).toBe('$1,234,567');
    expect(formatPrice(1234567, 'INR')).toBe('₹12,34,567');
    expect(formatPrice(1234567.5, 'INR')).toBe('₹12,34,567.50');
    expect(formatPrice(1234567, 'USD')).toBe('$1,234,567');
    expect(formatPrice(0.25, 'USD')).toBe('$0.25');
    expect(formatPrice(1234567, 'INR')).toBe('₹12,34,567');
  });

  it('quotes everything a plan card needs', () => {
    expect(quoteOf('resume_rewrite', 'INR')).toEqual({
      service: 'resume_rewrite',
      currency: 'INR',
      amount: 800,
      amountMinor: 80_000,
      listAmount: 2700,
      savings: 1900,
      free: false,
    });
  });
});
