import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { ApiClient } from './api-client';
import { ApiClientProvider } from './api-context';
import { createQueryClient } from './query-client';
import type { StaleAfter } from './stale-after';

export interface ApiProviderProps {
  /** The app's client: `api` (customer, admin) or `influencerApi`; a stub in tests. */
  client: ApiClient;
  /** Tests pass their own to start from an empty cache. */
  queryClient?: QueryClient;
  /** The app's table of which reads each command makes stale (stale-after.ts). */
  staleAfter?: StaleAfter;
  children: ReactNode;
}

/**
 * Wraps an app once: the API client its hooks call and the query cache they share, made now and
 * also provided to the query library's own hooks (`useQueryClient`), for apps whose first screen
 * reads data anyway (admin, influencer). The customer app uses ApiClientProvider instead.
 */
export function ApiProvider({ client, queryClient, staleAfter, children }: ApiProviderProps) {
  const [ownClient] = useState(() => queryClient ?? createQueryClient());
  return (
    <ApiClientProvider client={client} queryClient={ownClient} staleAfter={staleAfter}>
      <QueryClientProvider client={ownClient}>{children}</QueryClientProvider>
    </ApiClientProvider>
  );
}
