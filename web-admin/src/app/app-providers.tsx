import { ApiClientProvider, api } from '@shortlist/web-kit';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { onAdminApiError } from './query-client';

const loadAdminStaleAfter = () => import('./stale-after').then((table) => table.adminStaleAfter);

/**
 * The API client and the slot of the query cache (with the app's 401 rule) around the whole
 * app. The cache, and the query library with it, is made by the first screen that reads: the
 * shell draws without them.
 */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests pass their own. */
  queryClient?: QueryClient;
}) {
  return (
    <ApiClientProvider
      client={api}
      queryClient={queryClient}
      onError={onAdminApiError}
      staleAfter={loadAdminStaleAfter}
    >
      {children}
    </ApiClientProvider>
  );
}
