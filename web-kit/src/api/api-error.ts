/**
 * A failed API call. `status` is the HTTP status, or 0 when no answer came back (network down,
 * server unreachable). `serverMessage` is the server's `{ message }` when it sent one; SPEC §8
 * shows that message when present and a screen-specific fallback otherwise.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly serverMessage: string | null;
  readonly body: unknown;

  constructor(status: number, serverMessage: string | null, body: unknown = null) {
    super(
      serverMessage ??
        (status === 0 ? 'No response from server' : `Request failed with status ${status}`),
    );
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

/** SPEC §8's rule in one place: the server's message when it sent one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** An aborted request (unmount, a newer search) is not an error to show. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
