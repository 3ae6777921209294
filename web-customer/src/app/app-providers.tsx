import { ApiProvider, type ApiProviderProps, api } from '@shortlist/web-kit';
import type { ReactNode } from 'react';

/** What the whole app stands in: the API client and the one server-state cache. */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests start each render from an empty cache of their own. */
  queryClient?: ApiProviderProps['queryClient'];
}) {
  return (
    <ApiProvider client={api} queryClient={queryClient}>
      {children}
    </ApiProvider>
  );
}
