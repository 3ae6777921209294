import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// A built app as scripts/vite-first-load.ts leaves it: the first screen's CSS inline in the page
// (CR LF inside, which the browser's parser turns into LF before it hashes), and per address the
// chunks of its screen in .vite/route-preloads.json.
const CSS = ':root{--ink:#0f172a}\r\nbody{color:var(--ink)}';
const page = (css: string) => `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/admin/assets/index-a1.js"></script>
    <style>${css}</style>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const PRELOADS = {
  routes: {
    '/': { scripts: ['/admin/assets/dashboard-b2.js', '/admin/assets/shared-c3.js'], styles: [] },
    '/orders': {
      scripts: ['/admin/assets/orders-d4.js', '/admin/assets/shared-c3.js'],
      styles: ['/admin/assets/orders-e5.css'],
    },
  },
};

let webRoot: string;
let dist: string;
let t: TestApp;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'shortlist-first-paint-'));
  dist = join(webRoot, 'web-admin', 'dist');
  await mkdir(join(dist, '.vite'), { recursive: true });
  await writeFile(join(dist, 'index.html'), page(CSS));
  await writeFile(join(dist, '.vite', 'route-preloads.json'), JSON.stringify(PRELOADS));
  await mkdir(join(webRoot, 'web-customer', 'dist'), { recursive: true });
  await writeFile(join(webRoot, 'web-customer', 'dist', 'index.html'), '<html>customer</html>');
  t = await createTestApp({ env: { WEB_ROOT: webRoot }, webApps: true });
});

afterAll(async () => {
  await t?.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The sources of one directive of the answer's Content-Security-Policy. */
function policySources(header: unknown, name: string): string[] {
  expect(typeof header).toBe('string');
  const directive = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return directive?.slice(1) ?? [];
}

/** What the browser allows the element by: SHA-256 of its text after newline normalisation. */
const browserHash = (css: string) =>
  `'sha256-${createHash('sha256').update(css.replace(/\r\n?/g, '\n')).digest('base64')}'`;

/** The page as built: the server adds only its site-config meta (web-apps.plugin.ts). */
const withoutSiteMeta = (html: string) =>
  html.replace(/<meta name="shortlist-site" content="[^"]*">/, '');

describe("a web app's page", () => {
  it('allows its inline first-screen CSS by hash, and nothing inline besides', async () => {
    const response = await get('/admin/orders');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<style>${CSS}</style>`);
    const styleSrc = policySources(response.headers['content-security-policy'], 'style-src');
    expect(styleSrc).toContain(browserHash(CSS));
    expect(styleSrc).not.toContain("'unsafe-inline'");
    // The hash is of the text with LF line ends, as the browser sees it, not of the bytes sent.
    const rawBytesHash = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;
    expect(styleSrc).not.toContain(rawBytesHash);
    expect(policySources(response.headers['content-security-policy'], 'script-src')).toEqual([
      "'self'",
    ]);
  });

  it("follows a rebuild at once: the next page's policy has the new CSS's hash, not the old", async () => {
    const rebuilt = 'body{color:#111}';
    await writeFile(join(dist, 'index.html'), page(rebuilt));
    try {
      const styleSrc = policySources(
        (await get('/admin/')).headers['content-security-policy'],
        'style-src',
      );
      expect(styleSrc).toContain(browserHash(rebuilt));
      expect(styleSrc).not.toContain(browserHash(CSS));
    } finally {
      await writeFile(join(dist, 'index.html'), page(CSS));
    }
  });

  it("keeps the page's hash to the page: API answers and other apps' pages do not carry it", async () => {
    for (const url of ['/api/health', '/', '/admin/assets/missing.js']) {
      const styleSrc = policySources(
        (await get(url)).headers['content-security-policy'],
        'style-src',
      );
      expect(styleSrc, url).not.toContain(browserHash(CSS));
    }
  });

  it("names the chunks and styles of the address's screen for the browser to fetch early", async () => {
    const orders = (await get('/admin/orders?status=paid')).body;
    const head = orders.slice(0, orders.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/admin/assets/orders-d4.js">',
    );
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/admin/assets/shared-c3.js">',
    );
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin href="/admin/assets/orders-e5.css">',
    );
    expect(head).not.toContain('dashboard-b2.js');

    // The landing page with or without its trailing slash.
    for (const url of ['/admin', '/admin/']) {
      const landing = (await get(url)).body;
      expect(landing, url).toContain('href="/admin/assets/dashboard-b2.js"');
      expect(landing, url).not.toContain('orders-d4.js');
    }
    // An address no screen is listed for: the page alone.
    expect(withoutSiteMeta((await get('/admin/nowhere')).body)).toBe(page(CSS));
  });

  it('is served without preloads when the build has no readable list', async () => {
    await writeFile(join(dist, '.vite', 'route-preloads.json'), '{"routes": {"/orders": 42}}');
    try {
      const response = await get('/admin/orders');
      expect(response.statusCode).toBe(200);
      expect(withoutSiteMeta(response.body)).toBe(page(CSS));
    } finally {
      await writeFile(join(dist, '.vite', 'route-preloads.json'), JSON.stringify(PRELOADS));
    }
  });

  it('never serves the build folder of the list', async () => {
    const response = await get('/admin/.vite/route-preloads.json');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('orders-d4.js');
  });
});
