import type { z } from 'zod';

/**
 * One HTTP route of the API as both sides see it: the server registers it with these schemas
 * (request validation, response serialisation, OpenAPI), the apps call it and parse its answer
 * with the same ones. A shape is declared here once and nowhere else.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call the route: decides the token the apps send and the guard the server applies. */
export type Audience = 'public' | 'customer' | 'admin' | 'influencer';

export interface ApiRoute {
  readonly method: HttpMethod;
  /** Under `/api`, Fastify style: `/orders/history/:email`. */
  readonly path: string;
  readonly audience: Audience;
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body; a multipart route leaves it out and sets `multipart`. */
  readonly body?: z.ZodType;
  readonly multipart?: boolean;
  /** The success status (200 unless said) and its answer. */
  readonly status?: 200 | 201 | 202 | 204;
  readonly response: z.ZodType;
  /** A health route answers the same shape with this status when a part it checks is down. */
  readonly downStatus?: 503;
}

/** Keeps the literal types of a route so its params, body and answer stay typed. */
export function defineRoute<const Route extends ApiRoute>(route: Route): Route {
  return route;
}

type SchemaInput<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;
type SchemaOutput<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

export type RouteParams<Route extends ApiRoute> = SchemaInput<Route['params']>;
export type RouteQuery<Route extends ApiRoute> = SchemaInput<Route['query']>;
export type RouteBody<Route extends ApiRoute> = SchemaInput<Route['body']>;
/** What the apps hold after parsing the answer. */
export type RouteResponse<Route extends ApiRoute> = z.output<Route['response']>;
/** What a server handler returns (before serialisation). */
export type RouteReply<Route extends ApiRoute> = z.input<Route['response']>;
export type RouteParsedParams<Route extends ApiRoute> = SchemaOutput<Route['params']>;

/** What a caller passes: only the parts the route declares. */
export type RouteInput<Route extends ApiRoute> = (Route['params'] extends z.ZodType
  ? { params: RouteParams<Route> }
  : { params?: undefined }) &
  (Route['query'] extends z.ZodType ? { query?: RouteQuery<Route> } : { query?: undefined }) &
  (Route['body'] extends z.ZodType ? { body: RouteBody<Route> } : { body?: undefined });

/** `/orders/:id/attachments/:filename` with the params filled in and encoded. */
export function routePath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

// Kept in its own module so that code needing only routePath (the apps' first page) does not
// bring zod along.
export { messageSchema } from './message-schema';
