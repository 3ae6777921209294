import { ApiClientProvider, type ApiClientProviderProps, api } from '@shortlist/web-kit';
import type { ReactNode } from 'react';

// The table names the contract's routes: loaded with the first command, not with the shell.
const loadCustomerStaleAfter = () =>
  import('./stale-after').then((table) => table.customerStaleAfter);

/**
 * What the whole app stands in: the API client and the slot of the one server-state cache. The
 * cache (and the query library) is made by the first screen that reads through it: Home reads
 * nothing, so a first visit does not download it (issue 13 §5).
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
    <ApiClientProvider client={api} queryClient={queryClient} staleAfter={loadCustomerStaleAfter}>
      {children}
    </ApiClientProvider>
  );
}
