import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { readInfluencerSession, readUser, subscribeSession } from '../session/session';
import type { ApiClient } from './api-client';
import { StaleAfterContext, type StaleAfterSource, staleAfterLoader } from './stale-after';

const ApiClientContext = createContext<ApiClient | null>(null);

/**
 * Where the kit's query hooks (use-api.ts) find the app's one query cache. A box rather than the
 * client itself: the cache can be made by the first hook that needs it, so the query library
 * loads with the first screen that reads through it, not with the app's shell.
 */
export interface QueryClientSlot {
  current: QueryClient | undefined;
  /** Handed to the cache when it is made (see QueryClientOptions). */
  onError: ((error: unknown) => void) | undefined;
  /**
   * Called when the cache is made: the first screen that reads has loaded the contract, so the
   * stale-after table loads then, and is there before any command of that screen answers.
   */
  onCacheMade: () => void;
}

export const QueryClientSlotContext = createContext<QueryClientSlot | null>(null);

export interface ApiClientProviderProps {
  /** The app's client: `api` (customer, admin) or `influencerApi`; a stub in tests. */
  client: ApiClient;
  /** Tests pass their own to start from an empty cache; otherwise made on first use. */
  queryClient?: QueryClient;
  /**
   * The app's rule for failed calls, given to the cache made on first use (the admin app leaves
   * for the login on a 401). A plain function, so the app's shell need not load the query library.
   */
  onError?: (error: unknown) => void;
  /**
   * The app's table of which reads each command makes stale (the app's stale-after.ts), best
   * given as `() => import('./stale-after').then(…)` so the shell loads no schema.
   */
  staleAfter?: StaleAfterSource;
  children: ReactNode;
}

/**
 * Wraps an app once: the API client its hooks call, and the slot of the query cache they share.
 * Imports nothing of the query library (the type aside): the library (and the contract's schemas
 * the hooks parse with) loads with the first screen that reads, not with the app's shell, so
 * every app's first load holds only React, the router, the shell and its landing page.
 */
export function ApiClientProvider({
  client,
  queryClient,
  onError,
  staleAfter,
  children,
}: ApiClientProviderProps) {
  const [loadStaleAfter] = useState(() => staleAfterLoader(staleAfter));
  const [slot] = useState<QueryClientSlot>(() => ({
    current: queryClient,
    onError,
    onCacheMade: () => void loadStaleAfter(),
  }));
  // A cache handed in is mounted for as long as the app is, as QueryClientProvider does; one
  // made on first use mounts itself (use-api.ts) and lives as long as the page.
  useEffect(() => {
    if (!queryClient) return;
    queryClient.mount();
    slot.onCacheMade();
    return () => queryClient.unmount();
  }, [queryClient, slot]);
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
        <StaleAfterContext.Provider value={loadStaleAfter}>{children}</StaleAfterContext.Provider>
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
  if (!client) throw new Error('useApiClient needs an <ApiClientProvider> above it');
  return client;
}

/**
 * Forgets every cached answer (a logout in an app that stays on the page), without loading the
 * query library when no screen has made the cache yet: then there is nothing to forget.
 */
export function useClearApiCache(): () => void {
  const slot = useContext(QueryClientSlotContext);
  return () => slot?.current?.clear();
}
