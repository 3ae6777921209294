import { z } from 'zod';
import { type Currency, parseCurrency } from './currency';

// Apart from ./currency so that the web apps' first page, which reads the stored currency, does
// not bring zod along.

/** zod schema for request fields: accepts 'inr'/'usd' (any case), outputs 'INR'/'USD'. */
export const currencySchema = z.string().transform((value, ctx): Currency => {
  const currency = parseCurrency(value);
  if (currency !== null) return currency;
  ctx.addIssue({ code: 'custom', message: `Unknown currency: ${value}` });
  return z.NEVER;
});
