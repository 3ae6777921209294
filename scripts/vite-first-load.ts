import { resolve } from 'node:path';
import { build, type Plugin, type UserConfig } from 'vite';
import { inlineEntryCss } from './vite-inline-entry-css';
import { precompressAssets } from './vite-precompress';
import { routePreloads } from './vite-route-preloads';

/** Set while the plugin's probe build runs, so that build neither groups nor probes again. */
const PROBE = 'SHORTLIST_FIRST_LOAD_PROBE';

interface ProbeChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

/**
 * The web apps' first load, as small and as few files as the code allows (`npm run bench:web`
 * prints it). Used by each app's vite.config.ts.
 *
 * - Tree-shaking: a zod schema nothing reads is dropped (building one has no side effect, and
 *   the domain declares schemas beside the plain helpers a first page reads), and web-kit's
 *   modules only declare things (its CSS and its zod setting excepted), so one name imported
 *   from its index does not bring every component along.
 * - Chunks: Rolldown leaves each module that the entry and some lazy screens both use in a small
 *   chunk of its own (it does not fold them into the entry here: its already-loaded pass backs
 *   off on cycles, rolldown issue 10731), and at a slow mobile network's half-second per request
 *   twenty small files cost seconds. So the plugin first builds without grouping, in memory, to
 *   learn which modules the first load holds (the entry chunk and its static imports), then
 *   groups the real build: those modules with the entry, what the `belowTheFold` modules need
 *   beyond it in one `frame` chunk, what the screens drawn `withoutServerState` share with
 *   others in one `light` chunk, and the modules two or more lazy screens share in one `shared`
 *   chunk. A screen then costs its own chunk and, once, the shared one (and the frame, and the
 *   light one if it uses it); a page whose first screen is in the entry (Home) costs the frame
 *   alone: the customer app's Home went from six scripts (148.6 kB brotli) to two (100.1 kB),
 *   the query library and zod among what it no longer loads, and Pricing from five (149.9 kB)
 *   to four (106.4 kB).
 * - No modulepreload polyfill: every browser the apps support (ES modules, `<dialog>`) has
 *   `<link rel="modulepreload">`, and the polyfill is a kilobyte of every first load.
 * - The entry's CSS inside index.html (vite-inline-entry-css.ts), and per address the chunks of
 *   its lazily loaded screen for the server to preload from the page (vite-route-preloads.ts):
 *   `routes` maps a path inside the app to the module of the screen drawn there; and a brotli
 *   copy of each asset at the best quality, served as it is (vite-precompress.ts).
 */
export function firstLoad({
  routes = {},
  belowTheFold = [],
  withoutServerState = [],
}: {
  routes?: Record<string, string>;
  /**
   * Modules the first screen loads lazily without waiting for them (a footer, a carousel lower
   * down): what they import beyond the first load is grouped in a `frame` chunk of its own, so
   * they do not pull in the `shared` chunk of the screens, with the query library and zod.
   */
  belowTheFold?: readonly string[];
  /**
   * Lazy screens drawn from the page alone (Pricing): what they share with other screens is
   * grouped in a `light` chunk, so they do not load the `shared` one either.
   */
  withoutServerState?: readonly string[];
} = {}): Plugin[] {
  return [
    groupFirstLoad({ belowTheFold, withoutServerState }),
    inlineEntryCss(),
    routePreloads(routes),
    precompressAssets(),
  ];
}

/**
 * The server-state libraries (the query cache, and zod, which parses every answer): the build
 * fails if a below-the-fold module (every page would load them) or a screen said to draw
 * without server state reaches them.
 */
const DATA_LIBRARIES =
  /[\\/]node_modules[\\/](?:zod|@tanstack[\\/](?:query-core|react-query))[\\/]/;

function groupFirstLoad({
  belowTheFold,
  withoutServerState,
}: {
  belowTheFold: readonly string[];
  withoutServerState: readonly string[];
}): Plugin {
  const initialModules = new Set<string>();
  const frameModules = new Set<string>();
  const lightModules = new Set<string>();
  let root = '';
  let configFile: string | false = false;
  let mode = 'production';
  return {
    name: 'shortlist-first-load',
    apply: 'build',
    config(): UserConfig {
      const treeshake = {
        manualPureFunctions: ['z'],
        moduleSideEffects: [
          { test: /web-kit[\\/]src[\\/](?!schema-parsing).*\.tsx?$/, sideEffects: false },
        ],
      };
      const modulePreload = { polyfill: false };
      if (process.env[PROBE]) return { build: { modulePreload, rolldownOptions: { treeshake } } };
      return {
        build: {
          modulePreload,
          rolldownOptions: {
            treeshake,
            output: {
              codeSplitting: {
                groups: [
                  { name: 'first-load', test: (id) => initialModules.has(id), priority: 4 },
                  {
                    name: 'frame',
                    // Holds no module of the first load (the probe leaves those out).
                    test: (id) => frameModules.has(id),
                    priority: 3,
                  },
                  {
                    name: 'light',
                    // Nor of the frame; what one such screen alone uses stays in its chunk.
                    test: (id) => lightModules.has(id),
                    minShareCount: 2,
                    priority: 2,
                  },
                  {
                    name: 'shared',
                    test: (id) => !initialModules.has(id),
                    minShareCount: 2,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      };
    },
    configResolved(config) {
      root = config.root;
      configFile = config.configFile ?? false;
      mode = config.mode;
    },
    async buildStart() {
      if (process.env[PROBE]) return;
      process.env[PROBE] = '1';
      try {
        const result = await build({
          root,
          configFile,
          mode,
          logLevel: 'silent',
          build: { write: false },
        });
        const output = (Array.isArray(result) ? result[0] : result) as { output: ProbeChunk[] };
        const chunks = new Map(output.output.map((chunk) => [chunk.fileName, chunk]));
        const entry = output.output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
        for (const id of staticModules(chunks, entry ? [entry] : [])) initialModules.add(id);
        const reach = (module: string, kind: string): Set<string> => {
          const id = resolve(root, module);
          const lazy = [...chunks.values()].filter(
            (chunk) => chunk.type === 'chunk' && chunk.moduleIds.includes(id),
          );
          if (lazy.length === 0) throw new Error(`first-load: ${module} is not in the build`);
          const reached = staticModules(chunks, lazy);
          for (const reachedId of reached) {
            if (DATA_LIBRARIES.test(reachedId)) {
              throw new Error(`first-load: ${module} (${kind}) imports ${reachedId}`);
            }
          }
          return reached;
        };
        for (const module of belowTheFold) {
          for (const id of reach(module, 'below the fold')) {
            if (!initialModules.has(id)) frameModules.add(id);
          }
        }
        for (const module of withoutServerState) {
          for (const id of reach(module, 'without server state')) {
            if (!initialModules.has(id) && !frameModules.has(id)) lightModules.add(id);
          }
        }
      } finally {
        delete process.env[PROBE];
      }
    },
  };
}

/** Every module of these chunks and of the chunks they import statically, followed through. */
function staticModules(chunks: Map<string, ProbeChunk>, from: ProbeChunk[]): Set<string> {
  const modules = new Set<string>();
  const queue = from.map((chunk) => chunk.fileName);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const chunk = chunks.get(queue.pop() as string);
    if (!chunk || seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    queue.push(...chunk.imports);
    for (const id of chunk.moduleIds) modules.add(id);
  }
  return modules;
}
