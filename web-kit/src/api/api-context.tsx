import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { readInfluencerSession, readUser, subscribeSession } from '../session/session';
import type { ApiClient } from './api-client';
import { type StaleAfter, StaleAfterContext } from './stale-after';

const ApiClientContext = createContext<ApiClient | null>(null);

/**
 * Where the kit's query hooks (use-api.ts) find the app's one query cache. A box rather than the
 * client itself: the cache can be made by the first hook that needs it, so the query library
 * loads with the first screen that reads through it, not with the app's shell.
 */
export interface QueryClientSlot {
  current: QueryClient | undefined;
}

export const QueryClientSlotContext = createContext<QueryClientSlot | null>(null);

export interface ApiClientProviderProps {
  /** The app's client: `api` (customer, admin) or `influencerApi`; a stub in tests. */
  client: ApiClient;
  /** Tests pass their own to start from an empty cache; otherwise made on first use. */
  queryClient?: QueryClient;
  /** The app's table of which reads each command makes stale (stale-after.ts). */
  staleAfter?: StaleAfter;
  children: ReactNode;
}

const NOTHING_STALE: StaleAfter = new Map();

/**
 * Wraps an app once: the API client its hooks call, and the slot of the query cache they share.
 * Imports nothing of the query library (the type aside): an app whose first page reads nothing
 * through the cache (the customer's Home) keeps that library out of its first load.
 */
export function ApiClientProvider({
  client,
  queryClient,
  staleAfter = NOTHING_STALE,
  children,
}: ApiClientProviderProps) {
  const [slot] = useState<QueryClientSlot>(() => ({ current: queryClient }));
  // A cache handed in is mounted for as long as the app is, as QueryClientProvider does; one
  // made on first use mounts itself (use-api.ts) and lives as long as the page.
  useEffect(() => {
    if (!queryClient) return;
    queryClient.mount();
    return () => queryClient.unmount();
  }, [queryClient]);
  // The cache holds one person's answers: when someone else signs in (or out) in this tab, none
  // of the last person's counts or lists may show, not even for the staleTime.
  useEffect(() => {
    let last = signedInAs();
    return subscribeSession(() => {
      const now = signedInAs();
      if (now === last) return;
      last = now;
      slot.current?.clear();
    });
  }, [slot]);
  return (
    <ApiClientContext.Provider value={client}>
      <QueryClientSlotContext.Provider value={slot}>
        <StaleAfterContext.Provider value={staleAfter}>{children}</StaleAfterContext.Provider>
      </QueryClientSlotContext.Provider>
    </ApiClientContext.Provider>
  );
}

/** Who the stored sessions belong to (customer or admin, and influencer), as one key. */
function signedInAs(): string {
  return `${readUser()?.id ?? ''}\u0000${readInfluencerSession()?.id ?? ''}`;
}

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client)
    throw new Error('useApiClient needs an <ApiClientProvider> or <ApiProvider> above it');
  return client;
}
