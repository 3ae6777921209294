import type { AttemptLimit } from '../../shared/rate-limits';

/**
 * Per client IP, as each call costs a provider round trip. A customer opens a checkout and verifies
 * a payment a handful of times per order; 30 a minute from one address leaves a whole office behind
 * one NAT room, and stops a script from creating provider orders or grinding signatures at the
 * provider's and our expense.
 */
export const PAYMENT_RATE_LIMITS: { checkout: AttemptLimit; verify: AttemptLimit } = {
  checkout: { max: 30, timeWindowMs: 60_000 },
  verify: { max: 30, timeWindowMs: 60_000 },
};
