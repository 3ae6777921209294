import { type Currency, isCurrency } from './currency';
import type { PurchasableServiceId } from './service-catalogue';

/** Whole currency units (rupees, dollars). `list` is the struck-through price, if any. */
export interface Price {
  sale: number;
  list: number | null;
}

/**
 * SPEC §9 default prices: the ONE table that the API charges from and the web apps display.
 * A client-sent amount is never trusted; the server recomputes it from here.
 */
export const PRICE_TABLE: Readonly<
  Record<PurchasableServiceId, Readonly<Record<Currency, Price>>>
> = {
  resume_from_scratch: { INR: { sale: 850, list: 3000 }, USD: { sale: 17, list: 39 } },
  resume_rewrite: { INR: { sale: 800, list: 2700 }, USD: { sale: 14, list: 35 } },
  resume_review: { INR: { sale: 200, list: null }, USD: { sale: 3, list: null } },
};

/** Paise per rupee, cents per dollar: what payment providers count in. */
const MINOR_PER_UNIT: Readonly<Record<Currency, number>> = { INR: 100, USD: 100 };

const SYMBOL: Readonly<Record<Currency, string>> = { INR: '₹', USD: '$' };
const LOCALE: Readonly<Record<Currency, string>> = { INR: 'en-IN', USD: 'en-US' };

export function priceOf(service: PurchasableServiceId, currency: Currency): number {
  return PRICE_TABLE[service][currency].sale;
}

export function listPriceOf(service: PurchasableServiceId, currency: Currency): number | null {
  return PRICE_TABLE[service][currency].list;
}

/**
 * List minus sale price, or null when there is nothing to show: no list price, or a list price
 * that is not above the sale price (a "save 0" or negative line would mislead).
 */
export function savings(service: PurchasableServiceId, currency: Currency): number | null {
  const { sale, list } = PRICE_TABLE[service][currency];
  if (list === null || list <= sale) return null;
  return list - sale;
}

/** SPEC §9: a price of 0 shows Free. */
export function isFree(amount: number): boolean {
  return amount === 0;
}

/**
 * Whole units to the provider's integer minor units (850 INR -> 85000 paise). Refuses amounts
 * that would need rounding, so a mistyped price fails loudly instead of charging a paisa off.
 */
export function toMinorUnits(amount: number, currency: Currency): number {
  if (!isCurrency(currency)) throw new RangeError(`Unknown currency: ${String(currency)}`);
  if (!Number.isFinite(amount) || amount < 0) {
    throw new RangeError(`Not a chargeable amount: ${amount}`);
  }
  const scaled = amount * MINOR_PER_UNIT[currency];
  const minor = Math.round(scaled);
  // Binary floats make 0.29 * 100 = 28.999…; anything further off than that is a real fraction.
  if (Math.abs(scaled - minor) > 1e-6 || !Number.isSafeInteger(minor)) {
    throw new RangeError(`${amount} ${currency} is not a whole number of minor units`);
  }
  return minor;
}

export function fromMinorUnits(minor: number, currency: Currency): number {
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new RangeError(`Not an amount in minor units: ${minor}`);
  }
  return minor / MINOR_PER_UNIT[currency];
}

/**
 * One formatter per currency and number of decimals: building an Intl.NumberFormat costs
 * about a hundred times what formatting with it does (an order's mails format several prices).
 */
const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();

function numberFormat(currency: Currency, digits: 0 | 2): Intl.NumberFormat {
  const key = `${currency}:${digits}`;
  let format = NUMBER_FORMATS.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(LOCALE[currency], {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    NUMBER_FORMATS.set(key, format);
  }
  return format;
}

/** Display form: 'Free', '₹3,000', '$17', '$14.50'. */
export function formatPrice(amount: number, currency: Currency): string {
  if (isFree(amount)) return 'Free';
  const number = numberFormat(currency, Number.isInteger(amount) ? 0 : 2).format(amount);
  return `${SYMBOL[currency]}${number}`;
}

/** Everything a plan card or an order needs about one service's price in one currency. */
export interface PriceQuote {
  service: PurchasableServiceId;
  currency: Currency;
  amount: number;
  amountMinor: number;
  listAmount: number | null;
  savings: number | null;
  free: boolean;
}

export function quoteOf(service: PurchasableServiceId, currency: Currency): PriceQuote {
  const amount = priceOf(service, currency);
  return {
    service,
    currency,
    amount,
    amountMinor: toMinorUnits(amount, currency),
    listAmount: listPriceOf(service, currency),
    savings: savings(service, currency),
    free: isFree(amount),
  };
}
