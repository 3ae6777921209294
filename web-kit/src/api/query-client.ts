import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * Only a network failure or a 5xx may answer differently a moment later; a 4xx, or an answer
 * that breaks the contract, would fail the same way again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const transient = error instanceof ApiError && (error.status === 0 || error.status >= 500);
  return transient && failureCount < 2;
}

export interface QueryClientOptions {
  /** Sees every failed read and change: an app's rule for a 401 (the admin app's), say. */
  onError?: (error: unknown) => void;
}

/** One client per app (and per test): the apps' single server-state cache. */
export function createQueryClient({ onError }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    ...(onError
      ? { queryCache: new QueryCache({ onError }), mutationCache: new MutationCache({ onError }) }
      : {}),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 15_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
