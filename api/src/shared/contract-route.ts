import { type ApiRoute, messageSchema } from '@shortlist/domain/contract';
import type { FastifyInstance } from 'fastify';

/** The error answers a route may give besides its success; each is a `{ message }`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

type SuccessStatus<Route extends ApiRoute> = Route['status'] extends number ? Route['status'] : 200;

/** The answers a handler may send, typed for `reply.code(status).send(...)`. */
type ContractResponses<Route extends ApiRoute> = Record<SuccessStatus<Route>, Route['response']> &
  Partial<Record<ErrorStatus, typeof messageSchema>> &
  (Route['downStatus'] extends 503 ? Record<503, Route['response']> : unknown);

/**
 * The Fastify options of a contract route registered in `app`'s context: the url relative to
 * the context's prefix, and the route's own schemas for validation, serialisation and OpenAPI.
 * Spread it into `app.route({ ...contractRoute(app, route, [404]), handler })`.
 */
export function contractRoute<Route extends ApiRoute>(
  app: FastifyInstance,
  route: Route,
  errors: readonly ErrorStatus[] = [],
) {
  const full = `/api${route.path}`;
  if (!full.startsWith(app.prefix)) {
    throw new Error(`${route.method} ${full} cannot be registered under ${app.prefix}`);
  }
  const errorResponses = Object.fromEntries(
    [...new Set<ErrorStatus>([...errors, ...authErrorsOf(route)])].map((status) => [
      status,
      messageSchema,
    ]),
  );
  const downResponse = route.downStatus === undefined ? {} : { [route.downStatus]: route.response };
  const schema = {
    summary: route.summary,
    // Multipart bodies are streamed and checked by the handler; OpenAPI still shows the part.
    ...(route.multipart === true ? { consumes: ['multipart/form-data'] } : {}),
    params: route.params as Route['params'],
    querystring: route.query as Route['query'],
    body: route.body as Route['body'],
    response: {
      [route.status ?? 200]: route.response,
      ...errorResponses,
      ...downResponse,
    } as ContractResponses<Route>,
  };
  // A part the route does not declare is left out rather than undefined: Fastify warns about
  // (and documents) an undefined schema.
  for (const part of ['params', 'querystring', 'body'] as const) {
    if (schema[part] === undefined) delete schema[part];
  }
  return { method: route.method, url: full.slice(app.prefix.length) || '/', schema };
}

function authErrorsOf(route: ApiRoute): ErrorStatus[] {
  if (route.audience === 'public') return [];
  return route.audience === 'customer' ? [401] : [401, 403];
}
