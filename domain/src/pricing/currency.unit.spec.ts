import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  parseCurrency,
  parseCurrencyOrDefault,
  toCurrencyCode,
} from './currency';
import { currencySchema } from './currency-schema';

describe('currency', () => {
  it('defaults to INR', () => {
    expect(DEFAULT_CURRENCY).toBe('INR');
    expect(parseCurrencyOrDefault(undefined)).toBe('INR');
    expect(parseCurrencyOrDefault('eur')).toBe('INR');
    expect(parseCurrencyOrDefault('usd')).toBe('USD');
  });

  it('reads the lowercase codes the API receives', () => {
    expect(parseCurrency('inr')).toBe('INR');
    expect(parseCurrency('usd')).toBe('USD');
    expect(parseCurrency(' USD ')).toBe('USD');
    expect(parseCurrency('')).toBeNull();
    expect(parseCurrency('rupees')).toBeNull();
    expect(parseCurrency(null)).toBeNull();
  });

  it('round-trips through the wire code', () => {
    for (const currency of CURRENCIES) {
      expect(toCurrencyCode(currency)).toBe(currency.toLowerCase());
      expect(parseCurrency(toCurrencyCode(currency))).toBe(currency);
    }
  });

  it('accepts nothing but the two codes', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseCurrency(text);
        const known = ['INR', 'USD'].includes(text.trim().toUpperCase());
        expect(parsed !== null).toBe(known);
      }),
    );
  });

  it('has a zod schema that outputs the upper-case currency', () => {
    expect(currencySchema.parse('inr')).toBe('INR');
    const failed = currencySchema.safeParse('gbp');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe('Unknown currency: gbp');
  });
});
