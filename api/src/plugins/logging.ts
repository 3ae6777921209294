import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { LogLevel } from '../config/config';

/**
 * Never log credentials: bearer tokens, cookies, and any field named like a password, token or
 * secret, at the top level or up to two levels down (pino's redact paths take one `*` per level).
 */
const SECRET_FIELDS = [
  'password',
  'cpassword',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'jwtSecret',
  'keySecret',
  'webhookSecret',
  'razorpay_signature',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-razorpay-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-razorpay-signature"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** Anything pino can write a line to (process.stdout, a file, a test's collector). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * One logger for the process: the HTTP app (Fastify's `loggerInstance`), the projection runner
 * and the queue all write through it, with the same redaction.
 */
export function createLogger(level: LogLevel, destination?: LogDestination): FastifyBaseLogger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
