/** SPEC §9: the currencies we sell in. Upper-case ISO codes inside the system. */
export const CURRENCIES = ['INR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: Currency = 'INR';

/** The lowercase form used on the wire: query parameters, local storage, the order request. */
export type CurrencyCode = Lowercase<Currency>;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * Reads a currency as the API and the URLs carry it ('inr', 'usd'). Case and surrounding spaces
 * are forgiven because people type query strings by hand; anything else is not a currency.
 */
export function parseCurrency(input: string | null | undefined): Currency | null {
  if (typeof input !== 'string') return null;
  const upper = input.trim().toUpperCase();
  return isCurrency(upper) ? upper : null;
}

/** For the web apps: an absent or unknown `currency` parameter falls back to INR (SPEC §9). */
export function parseCurrencyOrDefault(input: string | null | undefined): Currency {
  return parseCurrency(input) ?? DEFAULT_CURRENCY;
}

export function toCurrencyCode(currency: Currency): CurrencyCode {
  return currency === 'INR' ? 'inr' : 'usd';
}
