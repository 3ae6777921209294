/**
 * An answer the API gives on purpose: the error handler (plugins/errors.plugin.ts) sends
 * `statusCode` with `{ message }` and `headers` (Retry-After on a 503), so `message` must be
 * worded for people (SPEC §8).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
