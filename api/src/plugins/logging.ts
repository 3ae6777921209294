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

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-razorpay-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-razorpay-signature"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/**
 * Path parameters that are opaque ids, kept in the logged URL so a request can be traced; every
 * other parameter (an e-mail in /orders/history/{email}, an attachment's file name, which often
 * carries a person's name) is logged as its name only.
 */
const OPAQUE_PARAMS = new Set(['id', 'orderId', 'influencerId', 'index']);

/** Query parameters whose values say nothing about a person (paging, sorting, filters). */
const PLAIN_QUERY_PARAMS = new Set(['page', 'limit', 'sort', 'status', 'overdue', 'currency']);

/** The slice of a Fastify request the URL is rebuilt from. */
export interface LoggedRequest {
  url: string;
  params?: unknown;
  routeOptions?: { url?: string | undefined };
}

/**
 * The URL as the request log shows it: the route's pattern with only opaque ids filled in, and
 * query values replaced unless plainly harmless. A customer's e-mail in the history URL, the
 * admin's search text (`?q=` holds e-mails, names and phone numbers), a reset token in
 * `/forgot?token=` and a file name all stay out of the log. An unmatched path (404) keeps its
 * segments, except any that holds an e-mail address.
 */
export function loggedUrl(request: LoggedRequest): string {
  const [path = '', query] = splitOnce(request.url, '?');
  return `${loggedPath(request, path)}${query === undefined ? '' : `?${loggedQuery(query)}`}`;
}

function loggedPath(request: LoggedRequest, path: string): string {
  const pattern = request.routeOptions?.url;
  const params =
    typeof request.params === 'object' && request.params !== null
      ? (request.params as Record<string, unknown>)
      : {};
  if (pattern !== undefined && !pattern.includes('*')) {
    return pattern.replace(/:(\w+)/g, (placeholder, name: string) => {
      const value = params[name];
      return OPAQUE_PARAMS.has(name) && typeof value === 'string'
        ? encodeURIComponent(value)
        : placeholder;
    });
  }
  return path
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? ':redacted' : segment))
    .join('/');
}

function loggedQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const [name = '', value] = splitOnce(pair, '=');
      if (value === undefined) return name;
      return `${name}=${PLAIN_QUERY_PARAMS.has(name) ? value : '~'}`;
    })
    .join('&');
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
}

/**
 * The `req` of the request log (Fastify's own, with the URL made safe). Logged with every
 * request: method, URL, host and the client's address (kept: abuse is traced by it).
 */
function serializeRequest(request: LoggedRequest & Record<string, unknown>) {
  return {
    method: request.method,
    url: loggedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** Anything pino can write a line to (process.stdout, a file, a test's collector). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * One logger for the process: the HTTP app (Fastify's `loggerInstance`), the projectors
 * and the queue all write through it, with the same redaction. No personal data: credentials
 * are redacted by field name, and the request log's URL keeps no path value or query value
 * that could name a person (loggedUrl).
 */
export function createLogger(level: LogLevel, destination?: LogDestination): FastifyBaseLogger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Fastify adds its own serializers under these; a logger's own win (logger-pino.js).
    serializers: { req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}
