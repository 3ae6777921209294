import { ApiProvider, type ApiProviderProps, influencerApi } from '@shortlist/web-kit';
import type { ReactNode } from 'react';
import { influencerStaleAfter } from './stale-after';

/** The influencer API client (its own token, never the customer's) and the query cache. */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests start each render from an empty cache of their own. */
  queryClient?: ApiProviderProps['queryClient'];
}) {
  return (
    <ApiProvider client={influencerApi} queryClient={queryClient} staleAfter={influencerStaleAfter}>
      {children}
    </ApiProvider>
  );
}
