/**
 * An answer the API gives on purpose: the error handler (plugins/errors.plugin.ts) sends
 * `statusCode` with `{ message }`, so `message` must be worded for people (SPEC §8).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
