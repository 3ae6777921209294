import type { RateLimitOptions } from '@fastify/rate-limit';
import { ATS_MESSAGES } from '@shortlist/domain/contract';
import { HttpError } from '../../shared/http-error';
import type { AttemptLimit } from '../../shared/rate-limits';

/**
 * Per client IP. A visitor checks a resume a few times while editing it; 20 a minute leaves
 * room for an office behind one address while a script cannot make the server parse PDFs
 * (seconds of CPU for a large one) without pause.
 */
export const ATS_RATE_LIMIT: AttemptLimit = { max: 20, timeWindowMs: 60_000 };

export function atsRateLimit(limit: AttemptLimit = ATS_RATE_LIMIT): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    // Before the body is read: a refused check costs no parsing.
    hook: 'onRequest',
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () => new HttpError(429, ATS_MESSAGES.tooManyChecks),
  };
}
