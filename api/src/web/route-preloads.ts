import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * What each app's build says its addresses need beyond the entry script: the chunks and styles
 * of the screen drawn there (scripts/vite-route-preloads.ts writes it, under the same name).
 */
const ROUTE_PRELOADS_FILE = join('.vite', 'route-preloads.json');

// Our own build's output, but read from disk on every page: bounded, so a damaged file cannot
// make the page large.
const assetUrl = z
  .string()
  .max(300)
  .regex(/^\/[\w\-./]+\.(?:js|css)$/);
const routePreloadsSchema = z.object({
  routes: z.record(
    z.string().max(200),
    z.object({ scripts: z.array(assetUrl).max(20), styles: z.array(assetUrl).max(20) }),
  ),
});

export type RoutePreloads = z.infer<typeof routePreloadsSchema>;

/** The app's preload list, or none when the build has no (readable, well-formed) file. */
export async function readRoutePreloads(dist: string): Promise<RoutePreloads | null> {
  try {
    const text = await readFile(join(dist, ROUTE_PRELOADS_FILE), 'utf8');
    const parsed = routePreloadsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The page for an address inside its app (`/orders`, `/` for the landing page) with its screen's
 * files named in the head: `<link rel="modulepreload">` for the chunks and a style preload for
 * their CSS, so the browser fetches them while it still downloads the entry script. `crossorigin`
 * as the module scripts and Vite's own stylesheet links have, so the fetch is the one they reuse.
 */
export function withRoutePreloads(html: string, preloads: RoutePreloads | null, path: string) {
  const route = preloads?.routes[path.replace(/\/+$/, '') || '/'];
  if (!route || (route.scripts.length === 0 && route.styles.length === 0)) return html;
  const tags = [
    ...route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...route.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ];
  return html.replace('</head>', () => `${tags.join('\n    ')}\n  </head>`);
}
