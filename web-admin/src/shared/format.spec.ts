import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

/** What each call formatted before the formatters were kept: a new one every time. */
const fresh = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(amount);

describe('formatMoney', () => {
  it('shows each amount in its own currency, whatever was formatted before', () => {
    expect(formatMoney(1250)).toBe('₹1,250');
    expect(formatMoney(1234567.5, 'INR')).toBe('₹12,34,567.5');
    for (const [amount, currency] of [
      [14, 'usd'],
      [14.5, 'USD'],
      [1234567, 'INR'],
      [3, 'EUR'],
      [17, 'USD'],
    ] as const) {
      expect(formatMoney(amount, currency)).toBe(fresh(amount, currency.toUpperCase()));
    }
    expect(formatMoney(14, 'USD')).not.toBe(formatMoney(14, 'INR'));
  });

  it('falls back to the bare amount and code for a code Intl does not know', () => {
    expect(formatMoney(5, 'not-a-code')).toBe('5 NOT-A-CODE');
    expect(formatMoney(5, 'inr')).toBe('₹5');
  });
});
