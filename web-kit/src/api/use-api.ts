import type { ApiRoute, RouteInput, RouteResponse } from '@shortlist/domain/contract';
import {
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiError } from './api-error';
import { useApiClient } from './api-provider';
import { apiQueryKey, callApi, type UploadInput, uploadApi } from './call-api';

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
  return useQuery<RouteResponse<Route>, ApiError, Selected, QueryKey>({
    queryKey: apiQueryKey(route, input),
    queryFn: ({ signal }) => callApi(client, route, input, { signal }),
    ...options,
  });
}

export interface ApiMutationOptions<Route extends ApiRoute>
  extends Omit<
    UseMutationOptions<RouteResponse<Route>, ApiError, RouteInput<Route>>,
    'mutationFn'
  > {
  /** Routes whose cached answers this change makes stale (every call of each). */
  invalidates?: readonly ApiRoute[];
}

/** Changes something through a route, then refreshes what it changed. */
export function useApiMutation<Route extends ApiRoute>(
  route: Route,
  { invalidates = [], onSuccess, ...options }: ApiMutationOptions<Route> = {},
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<RouteResponse<Route>, ApiError, RouteInput<Route>>({
    mutationFn: (input) => callApi(client, route, input),
    ...options,
    onSuccess: async (...args) => {
      await invalidateRoutes(queryClient, invalidates);
      await onSuccess?.(...args);
    },
  });
}

/** A multipart route as a mutation; `onProgress` in the input reports the upload. */
export function useApiUpload<Route extends ApiRoute>(
  route: Route,
  {
    invalidates = [],
    onSuccess,
    ...options
  }: Omit<UseMutationOptions<RouteResponse<Route>, ApiError, UploadInput>, 'mutationFn'> & {
    invalidates?: readonly ApiRoute[];
  } = {},
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<RouteResponse<Route>, ApiError, UploadInput>({
    mutationFn: (input) => uploadApi(client, route, input),
    ...options,
    onSuccess: async (...args) => {
      await invalidateRoutes(queryClient, invalidates);
      await onSuccess?.(...args);
    },
  });
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
  const queryClient = useQueryClient();
  return {
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
    invalidate: (routes: readonly ApiRoute[]) => invalidateRoutes(queryClient, routes),
  };
}
