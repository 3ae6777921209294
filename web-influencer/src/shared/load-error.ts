import { ApiError } from '@shortlist/web-kit';
import { messages } from './messages';

const copy = messages.load;

/**
 * SPEC §8's dashboard texts for any read of this app: 401 and 403 have their own words, a
 * server message is shown when sent, no answer at all is 'Server error'.
 */
export function loadErrorMessage(error: unknown, fallback: string = copy.failed): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return copy.unauthorized;
    if (error.status === 403) return copy.forbidden;
    if (error.status === 0) return copy.serverError;
    if (error.status >= 500) return copy.serverError;
    return error.serverMessage ?? fallback;
  }
  return fallback;
}

/** A 401 or 403 means the token no longer opens the area: the screen offers a fresh login. */
export function needsNewLogin(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}
