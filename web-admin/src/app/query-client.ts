import { ApiError, clearSession, createQueryClient } from '@shortlist/web-kit';
import type { QueryClient } from '@tanstack/react-query';
import { leaveApp } from '../shared/leave-app';
import { currentAdminPath, loginUrl } from '../shared/paths';

/**
 * The admin app's rule for failed calls. Any 401 answer means the token expired or was revoked (a
 * password change, a logout elsewhere): the session is cleared and the browser goes to the
 * customer login with a notice, coming back here afterwards. A plain function, handed to the
 * cache the first screen makes, so the shell does not load the query library.
 */
export function onAdminApiError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    clearSession();
    leaveApp(loginUrl(currentAdminPath(), true));
  }
}

/** The cache with the admin rule, made now: tests start each render from one of their own. */
export function createAdminQueryClient(): QueryClient {
  return createQueryClient({ onError: onAdminApiError });
}
