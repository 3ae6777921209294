import {
  type ApiRoute,
  type RouteInput,
  type RouteResponse,
  routePath,
} from '@shortlist/domain/contract';
import type { ApiClient, QueryValue } from './api-client';

/**
 * Calls one contract route and parses its answer with the route's own response schema, so a
 * screen holds exactly the shape the server declared (a drifted answer fails here, loudly).
 */
export function callApi<Route extends ApiRoute>(
  client: ApiClient,
  route: Route,
  input: RouteInput<Route>,
  { signal, headers }: CallOptions = {},
): Promise<RouteResponse<Route>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  return client.request(routePath(route.path, params), {
    method: route.method,
    query,
    body,
    signal,
    headers,
    parse: (data) => route.response.parse(data) as RouteResponse<Route>,
  });
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Extra request headers a route reads besides its body (e.g. X-Ref on /register). */
  headers?: Record<string, string>;
}

export interface UploadInput {
  params?: Record<string, unknown>;
  form: FormData;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** A multipart contract route, with upload progress. */
export function uploadApi<Route extends ApiRoute>(
  client: ApiClient,
  route: Route,
  { params, form, onProgress, signal }: UploadInput,
): Promise<RouteResponse<Route>> {
  const method = route.method === 'PUT' || route.method === 'PATCH' ? route.method : 'POST';
  return client.upload(routePath(route.path, params), form, {
    method,
    onProgress,
    signal,
    parse: (data) => route.response.parse(data) as RouteResponse<Route>,
  });
}

/**
 * The query key of a route call: its path template first, so invalidating a route (every call
 * of it, whatever the params) is a prefix match.
 */
export function apiQueryKey(route: ApiRoute, input?: { params?: unknown; query?: unknown }) {
  return [route.method, route.path, input?.params ?? null, input?.query ?? null] as const;
}
