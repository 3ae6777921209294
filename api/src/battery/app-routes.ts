import type { FastifyInstance } from 'fastify';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface AppRoute {
  method: Method;
  /** Fastify's form, `/api/orders/:id`. */
  path: string;
}

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const isMethod = (value: string): value is Method => METHODS.includes(value);

/** Flattens Fastify's printRoutes tree ("├── /api/x (GET, HEAD)" with nested children). */
function routesOf(tree: string): AppRoute[] {
  const routes: AppRoute[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + segment;
    stack.push(path);
    for (const method of methods?.split(', ') ?? []) {
      if (isMethod(method)) routes.push({ method, path });
    }
  }
  return routes;
}

/** The documentation's own routes: they describe the contract, they are not part of it. */
const isDocumentationPath = (path: string): boolean =>
  path === '/api/openapi.json' || path === '/api/docs' || path.startsWith('/api/docs/');

/**
 * Every route of the contract, as the running app has it (not a hand list, so a route added
 * later is covered): everything under /api but the documentation. The payment sandbox and the
 * web apps live outside /api.
 */
export function contractRoutes(app: FastifyInstance): AppRoute[] {
  return routesOf(app.printRoutes({ commonPrefix: false })).filter(
    (route) => route.path.startsWith('/api/') && !isDocumentationPath(route.path),
  );
}

/** `/api/orders/:id` → `/api/orders/{id}`, the OpenAPI form. */
export const openApiPathOf = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export const routeName = (route: AppRoute): string => `${route.method} ${route.path}`;
