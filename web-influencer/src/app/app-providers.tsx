import { ApiClientProvider, type ApiClientProviderProps, influencerApi } from '@shortlist/web-kit';
import type { ReactNode } from 'react';

const loadInfluencerStaleAfter = () =>
  import('./stale-after').then((table) => table.influencerStaleAfter);

/**
 * The influencer API client (its own token, never the customer's) and the slot of the query
 * cache, made by the first screen that reads: the frame draws without the query library.
 */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests start each render from an empty cache of their own. */
  queryClient?: ApiClientProviderProps['queryClient'];
}) {
  return (
    <ApiClientProvider
      client={influencerApi}
      queryClient={queryClient}
      staleAfter={loadInfluencerStaleAfter}
    >
      {children}
    </ApiClientProvider>
  );
}
