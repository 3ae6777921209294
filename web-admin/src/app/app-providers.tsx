import { ApiProvider, api } from '@shortlist/web-kit';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createAdminQueryClient } from './query-client';
import { adminStaleAfter } from './stale-after';

/** The API client and the query cache (with the app's 401 rule) around the whole app. */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  /** Tests pass their own. */
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createAdminQueryClient());
  return (
    <ApiProvider client={api} queryClient={client} staleAfter={adminStaleAfter}>
      {children}
    </ApiProvider>
  );
}
