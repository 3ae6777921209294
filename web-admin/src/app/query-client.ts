import { ApiError, clearSession, shouldRetry } from '@shortlist/web-kit';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { leaveApp } from '../shared/leave-app';
import { currentAdminPath, loginUrl } from '../shared/paths';

/**
 * The admin app's query cache. Any 401 answer means the token expired or was revoked (a password
 * change, a logout elsewhere): the session is cleared and the browser goes to the customer login
 * with a notice, coming back here afterwards.
 */
export function createAdminQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      clearSession();
      leaveApp(loginUrl(currentAdminPath(), true));
    }
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 15_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
