import type { RateLimitOptions } from '@fastify/rate-limit';
import { ACCOUNT_ROUTE_MESSAGES } from '@shortlist/domain/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from './http-error';

export interface AttemptLimit {
  max: number;
  timeWindowMs: number;
}

/**
 * Attempts allowed per window (ARCHITECTURE.md: login, register and forgot are rate-limited).
 * Keyed per client IP and, where a guess is about one account, per IP + e-mail, so a password
 * guesser is slowed per account while the people behind one NAT address are not locked out
 * together. Counters live in Redis when REDIS_URL is set (services mode: every API instance
 * shares them, see app.ts), else in the process.
 */
export interface AccountRateLimits {
  /** POST /login, per IP + e-mail. */
  login: AttemptLimit;
  /** POST /login, per IP over all e-mails (credential stuffing). */
  loginPerIp: AttemptLimit;
  /** POST /register, per IP. */
  register: AttemptLimit;
  /** POST /forgot, per IP + e-mail (each one sends a mail). */
  forgot: AttemptLimit;
  /** POST /forgot, per IP over all e-mails. */
  forgotPerIp: AttemptLimit;
  /** POST /forgot/reset, per IP. */
  reset: AttemptLimit;
}

const MINUTE = 60_000;

export const DEFAULT_ACCOUNT_RATE_LIMITS: AccountRateLimits = {
  login: { max: 10, timeWindowMs: MINUTE },
  loginPerIp: { max: 100, timeWindowMs: MINUTE },
  register: { max: 10, timeWindowMs: MINUTE },
  forgot: { max: 5, timeWindowMs: MINUTE },
  forgotPerIp: { max: 30, timeWindowMs: MINUTE },
  reset: { max: 10, timeWindowMs: MINUTE },
};

export type LimitKey = 'ip' | 'ip+email';

function tooManyAttempts(): HttpError {
  return new HttpError(429, ACCOUNT_ROUTE_MESSAGES.tooManyAttempts);
}

/**
 * The route's `config.rateLimit`. It runs as a preHandler, after validation, so the key can use
 * the normalised e-mail of the body (and a malformed request, refused anyway, costs no attempt).
 */
export function routeRateLimit(limit: AttemptLimit, key: LimitKey): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    hook: 'preHandler',
    keyGenerator: key === 'ip' ? (request) => request.ip : ipAndEmailKey,
    errorResponseBuilder: tooManyAttempts,
  };
}

/**
 * A second limit on the same route. The plugin runs one `config.rateLimit` per request, so the
 * per-IP ceiling over all e-mails (or accounts) is a limiter of its own, checked in a preHandler.
 */
export function perIpLimit(
  app: FastifyInstance,
  limit: AttemptLimit,
  message: string = ACCOUNT_ROUTE_MESSAGES.tooManyAttempts,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    keyGenerator: (request) => request.ip,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError(429, message);
    }
  };
}

/**
 * The `config.rateLimit` of a route in an authenticated context, counted per account rather
 * than per address: people behind one address do not share it, and a new address does not
 * reset it. It runs onRequest, after the context's own hook has verified the token (a route's
 * hooks run after its context's), and before the body is read: a refused upload or render costs
 * nothing but the refusal.
 */
export function perAccountRateLimit(limit: AttemptLimit, message: string): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    hook: 'onRequest',
    keyGenerator: (request) => `account:${request.user.id}`,
    errorResponseBuilder: () => new HttpError(429, message),
  };
}

function ipAndEmailKey(request: FastifyRequest): string {
  const body: unknown = request.body;
  const email =
    typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
      ? body.email.trim().toLowerCase()
      : '';
  return `${request.ip}|${email}`;
}
