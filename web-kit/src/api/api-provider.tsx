import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useState } from 'react';
import type { ApiClient } from './api-client';
import { createQueryClient } from './query-client';

const ApiClientContext = createContext<ApiClient | null>(null);

export interface ApiProviderProps {
  /** The app's client: `api` (customer, admin) or `influencerApi`; a stub in tests. */
  client: ApiClient;
  /** Tests pass their own to start from an empty cache. */
  queryClient?: QueryClient;
  children: ReactNode;
}

/** Wraps an app once: the API client its hooks call and the query cache they share. */
export function ApiProvider({ client, queryClient, children }: ApiProviderProps) {
  const [ownClient] = useState(() => queryClient ?? createQueryClient());
  return (
    <ApiClientContext.Provider value={client}>
      <QueryClientProvider client={ownClient}>{children}</QueryClientProvider>
    </ApiClientContext.Provider>
  );
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an <ApiProvider> above it');
  return client;
}
