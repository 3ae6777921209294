import type { ApiRoute, RouteInput, RouteResponse } from '@shortlist/domain/contract';
import {
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { useContext, useMemo } from 'react';
import { QueryClientSlotContext, useApiClient } from './api-context';
import type { ApiError } from './api-error';
import { apiQueryKey, callApi, type UploadInput, uploadApi } from './call-api';
import { createQueryClient } from './query-client';
import { useStaleAfter, useStaleAfterTable } from './stale-after';

/**
 * The app's one query cache, from the provider's slot; the first hook to need it makes it (see
 * ApiClientProvider), and it stays mounted (refetch on reconnect) for the page's lifetime. The
 * hooks below pass it to the query library explicitly, so no QueryClientProvider is needed.
 */
export function useAppQueryClient(): QueryClient {
  const slot = useContext(QueryClientSlotContext);
  if (!slot) throw new Error('The API hooks need an <ApiClientProvider> above them');
  if (!slot.current) {
    // Made during a render, once: the same lazy start a ref gets, and every later render reuses it.
    slot.current = createQueryClient({ onError: slot.onError });
    slot.current.mount();
    slot.onCacheMade();
  }
  return slot.current;
}

type QueryOptions<Data, Selected> = Omit<
  UseQueryOptions<Data, ApiError, Selected, QueryKey>,
  'queryKey' | 'queryFn'
>;

/**
 * Reads a route through the query cache, keyed by the route and its params and query. `select`
 * may narrow the parsed answer to what the screen shows.
 */
export function useApiQuery<Route extends ApiRoute, Selected = RouteResponse<Route>>(
  route: Route,
  input: RouteInput<Route>,
  options: QueryOptions<RouteResponse<Route>, Selected> = {},
) {
  const client = useApiClient();
  return useQuery<RouteResponse<Route>, ApiError, Selected, QueryKey>(
    {
      queryKey: apiQueryKey(route, input),
      queryFn: ({ signal }) => callApi(client, route, input, { signal }),
      ...options,
    },
    useAppQueryClient(),
  );
}

export type ApiMutationOptions<Route extends ApiRoute> = Omit<
  UseMutationOptions<RouteResponse<Route>, ApiError, RouteInput<Route>>,
  'mutationFn'
>;

/**
 * Changes something through a route, then marks stale what the app's stale-after table lists
 * for that route (stale-after.ts), before the caller's `onSuccess` runs.
 */
export function useApiMutation<Route extends ApiRoute>(
  route: Route,
  { onSuccess, ...options }: ApiMutationOptions<Route> = {},
) {
  const client = useApiClient();
  const queryClient = useAppQueryClient();
  const stale = useStaleAfter(route);
  return useMutation<RouteResponse<Route>, ApiError, RouteInput<Route>>(
    {
      mutationFn: (input) => callApi(client, route, input),
      ...options,
      onSuccess: async (...args) => {
        await invalidateRoutes(queryClient, await stale());
        await onSuccess?.(...args);
      },
    },
    queryClient,
  );
}

/** A multipart route as a mutation; `onProgress` in the input reports the upload. */
export function useApiUpload<Route extends ApiRoute>(
  route: Route,
  {
    onSuccess,
    ...options
  }: Omit<UseMutationOptions<RouteResponse<Route>, ApiError, UploadInput>, 'mutationFn'> = {},
) {
  const client = useApiClient();
  const queryClient = useAppQueryClient();
  const stale = useStaleAfter(route);
  return useMutation<RouteResponse<Route>, ApiError, UploadInput>(
    {
      mutationFn: (input) => uploadApi(client, route, input),
      ...options,
      onSuccess: async (...args) => {
        await invalidateRoutes(queryClient, await stale());
        await onSuccess?.(...args);
      },
    },
    queryClient,
  );
}

/** Marks every cached call of these routes stale (active ones refetch at once). */
export function invalidateRoutes(queryClient: QueryClient, routes: readonly ApiRoute[]) {
  return Promise.all(
    routes.map((route) =>
      queryClient.invalidateQueries({ queryKey: apiQueryKey(route).slice(0, 2) }),
    ),
  );
}

/**
 * The cache as a screen changes it by hand: `set` stores an answer a command returned (the order
 * a PATCH answered) under the route that reads it, `update` edits one (a deleted order leaves the
 * history), so the screen shows the change without reading it again.
 */
export function useApiCache() {
  const queryClient = useAppQueryClient();
  const table = useStaleAfterTable();
  // One object per cache and table, so callbacks that hold it keep their identity.
  return useMemo(
    () => ({
      set<Route extends ApiRoute>(
        route: Route,
        input: RouteInput<Route>,
        data: RouteResponse<Route>,
      ): void {
        queryClient.setQueryData(apiQueryKey(route, input), data);
      },
      /** Changes a cached answer in place; nothing happens when none is cached. */
      update<Route extends ApiRoute>(
        route: Route,
        input: RouteInput<Route>,
        change: (answer: RouteResponse<Route>) => RouteResponse<Route>,
      ): void {
        queryClient.setQueryData<RouteResponse<Route>>(apiQueryKey(route, input), (answer) =>
          answer === undefined ? undefined : change(answer),
        );
      },
      /**
       * Marks stale what the stale-after table lists for a command the screen ran outside a
       * mutation hook, once its effect shows (a payment the projections have caught up with).
       */
      refreshAfter: async (command: ApiRoute) =>
        invalidateRoutes(queryClient, (await table()).get(command) ?? []),
    }),
    [queryClient, table],
  );
}
