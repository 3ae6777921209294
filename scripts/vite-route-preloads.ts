import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/**
 * Where the build tells the server which files each address needs beyond the entry. The API reads
 * it (api/src/web/route-preloads.ts names the same file); a dot folder, so it is never served.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** What the file holds: by path inside the app (`/orders`), the URLs to fetch early. */
export interface RoutePreloads {
  routes: Record<string, { scripts: string[]; styles: string[] }>;
}

/**
 * A lazily loaded screen's chunks named in the page that opens at its address, so the browser
 * fetches them beside the entry script (`<link rel="modulepreload">`) instead of after the entry
 * has run and asked for them: one round trip of a slow mobile network less before the screen.
 *
 * `routes` maps each path inside the app (as the router writes it, '/' for the landing page) to
 * the module that draws it (relative to the app's root); the build fails when a module is not in
 * the bundle, so a moved screen cannot silently lose its preload. The file lists, per path, the
 * screen's chunk, the chunks it imports that the entry does not already hold, and their CSS.
 */
export function routePreloads(routes: Record<string, string>): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'shortlist-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is OutputChunk => file.type === 'chunk',
      );
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const initial = staticClosure(entry, byName);

      const result: RoutePreloads = { routes: {} };
      for (const [path, module] of Object.entries(routes)) {
        const id = resolve(root, module);
        const chunk = chunks.find(
          (candidate) => candidate.facadeModuleId === id || candidate.moduleIds.includes(id),
        );
        if (!chunk) throw new Error(`route-preloads: ${module} (for ${path}) is not in the build`);
        const needed = [...staticClosure(chunk, byName)].filter((name) => !initial.has(name));
        result.routes[path] = {
          scripts: needed.map((name) => `${base}${name}`),
          styles: needed.flatMap((name) =>
            [...(byName.get(name)?.viteMetadata?.importedCss ?? [])].map((css) => `${base}${css}`),
          ),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(result, null, 2)}\n`,
      });
    },
  };
}

/** A chunk and every chunk it imports statically, transitively, the chunk itself first. */
function staticClosure(start: OutputChunk, byName: Map<string, OutputChunk>): Set<string> {
  const seen = new Set<string>();
  const queue = [start.fileName];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...(byName.get(name)?.imports ?? []));
  }
  return seen;
}
