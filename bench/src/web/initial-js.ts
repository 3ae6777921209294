import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The JavaScript and CSS a first visit must download before the app can start. */
export interface InitialAssets {
  /** The entry script and every chunk it imports statically (not `import()`ed ones). */
  jsFiles: string[];
  jsRaw: number;
  jsGzip: number;
  jsBrotli: number;
  cssFiles: string[];
  /** The stylesheets index.html links and the CSS it holds inline (<style>), gzip -9. */
  cssGzip: number;
}

// Minified ES modules import their chunks as `import{a as b}from"./x.js"`, `import"./x.js"` or
// `export{…}from"./x.js"`; a dynamic `import("./x.js")` has a parenthesis and is left out.
const STATIC_IMPORT =
  /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["'](\.\.?\/[^"']+\.js)["']/g;

/** Reads a Vite build: index.html's module script, then its static imports, transitively. */
export async function initialAssets(distDir: string): Promise<InitialAssets> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const base = html.match(/<script type="module"[^>]*\bsrc="([^"]+)"/)?.[1];
  if (!base) throw new Error(`${distDir}/index.html has no module script`);
  const toFile = (href: string) => href.replace(/^.*?\/assets\//, 'assets/');

  const jsFiles: string[] = [];
  const queue = [toFile(base)];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (jsFiles.includes(file)) continue;
    jsFiles.push(file);
    const code = await readFile(join(distDir, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      queue.push(join(dirname(file), match[1] as string));
    }
  }
  const cssFiles = [...html.matchAll(/<link rel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) =>
    toFile(m[1] as string),
  );

  const js = await Promise.all(jsFiles.map((file) => readFile(join(distDir, file))));
  const css = await Promise.all(cssFiles.map((file) => readFile(join(distDir, file))));
  // The first screen's CSS travels inside the page (scripts/vite-inline-entry-css.ts).
  for (const match of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
    css.push(Buffer.from(match[1] ?? ''));
  }
  return {
    jsFiles,
    jsRaw: sum(js.map((bytes) => bytes.length)),
    jsGzip: sum(js.map(gzipSize)),
    jsBrotli: sum(js.map(brotliSize)),
    cssFiles,
    cssGzip: sum(css.map(gzipSize)),
  };
}

export function gzipSize(bytes: Buffer): number {
  return gzipSync(bytes, { level: 9 }).length;
}

function brotliSize(bytes: Buffer): number {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }).length;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
