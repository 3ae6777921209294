import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_MESSAGES } from '../plugins/errors.plugin';
import { allowInlineStyles } from '../plugins/security-headers.plugin';
import { readRoutePreloads, withRoutePreloads } from './route-preloads';

interface WebApp {
  name: string;
  /** URL prefix without trailing slash; '' for the customer app at the root. */
  prefix: string;
  dist: string;
}

/**
 * Serves the three built apps (ARCHITECTURE.md "Embedded"): /admin and /influencer belong to
 * their apps (so /influencer/login is the influencer app's page), every other path to the
 * customer app. A path that is not a file gets its app's index.html, so client-side routes
 * survive a reload; /api never does.
 */
/** What GET /api/config answers, written into each app's page so the first paint knows it. */
export interface SitePageConfig {
  maintenance: boolean;
  paymentsSimulated: boolean;
}

const webAppsPlugin: FastifyPluginAsync<{ webRoot: string; site: SitePageConfig }> = async (
  app,
  { webRoot, site },
) => {
  const siteMeta = siteConfigMeta(site);
  const apps: WebApp[] = [
    { name: 'web-admin', prefix: '/admin', dist: join(webRoot, 'web-admin', 'dist') },
    {
      name: 'web-influencer',
      prefix: '/influencer',
      dist: join(webRoot, 'web-influencer', 'dist'),
    },
    { name: 'web-customer', prefix: '', dist: join(webRoot, 'web-customer', 'dist') },
  ];

  // A child context, so compression covers the apps' files and leaves the API's answers alone.
  await app.register(async (files) => {
    await files.register(fastifyCompress, {
      // Brotli first, then gzip. On the customer app's 261 KB entry, quality 5 gives 76 KB in
      // 6 ms, quality 11 gives 69 KB in 580 ms: too slow per request, so the build writes the
      // quality-11 copy once (below) and this covers what has none (index.html, small files).
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    });
    await registerApps(files, apps, siteMeta);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: ERROR_MESSAGES.notFound });
    }
    if (extname(path) !== '') {
      // A missing file (an old asset, a typo) is a 404, not the app shell.
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return sendIndex(appFor(apps, path), reply, request, siteMeta);
  });
};

async function registerApps(files: FastifyInstance, apps: WebApp[], siteMeta: string) {
  for (const webApp of apps) {
    if (!existsSync(join(webApp.dist, 'index.html'))) {
      files.log.warn(`${webApp.name} is not built (no ${webApp.dist}); run npm run build:web`);
      continue;
    }
    await files.register(fastifyStatic, {
      root: webApp.dist,
      prefix: `${webApp.prefix}/`,
      decorateReply: false,
      index: false,
      dotfiles: 'ignore',
      // The build leaves a brotli copy (x.js.br, quality 11) beside each asset: sent as it is to
      // a browser that accepts brotli; anything else is compressed here, per request.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under assets/, so it never changes under the same name;
        // anything else (robots.txt, icons) is revalidated like index.html.
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // An app's root is a directory, which @fastify/static refuses (403) with `index: false`.
  for (const webApp of apps) {
    const roots = webApp.prefix === '' ? ['/'] : [webApp.prefix, `${webApp.prefix}/`];
    for (const url of roots) {
      files.get(url, (request, reply) => sendIndex(webApp, reply, request, siteMeta));
    }
  }
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

function appFor(apps: WebApp[], path: string): WebApp {
  const owner = apps.find(
    (webApp) =>
      webApp.prefix !== '' && (path === webApp.prefix || path.startsWith(`${webApp.prefix}/`)),
  );
  const customer = apps.find((webApp) => webApp.prefix === '');
  if (owner) return owner;
  if (!customer) throw new Error('the customer app is always configured');
  return customer;
}

/**
 * The site's configuration as a <meta> in the page (data, not a script, so the CSP needs no
 * exception): the apps read it before their first render, so a "Test mode" notice or the
 * maintenance screen is there from the first paint instead of moving the page when an API
 * answer arrives (GET /api/config is the fallback, as under Vite's dev server).
 */
function siteConfigMeta(site: SitePageConfig): string {
  const json = JSON.stringify({
    maintenance: site.maintenance,
    paymentsSimulated: site.paymentsSimulated,
  }).replaceAll('"', '&quot;');
  return `<meta name="shortlist-site" content="${json}">`;
}

async function sendIndex(
  webApp: WebApp,
  reply: FastifyReply,
  request: FastifyRequest,
  siteMeta: string,
) {
  let html: string;
  try {
    // Read per request: small, and a rebuild while the server runs is served at once.
    const [page, preloads] = await Promise.all([
      readFile(join(webApp.dist, 'index.html'), 'utf8'),
      readRoutePreloads(webApp.dist),
    ]);
    const built = withRoutePreloads(page, preloads, pathInApp(webApp, request.url));
    html = built.includes('</head>') ? built.replace('</head>', `${siteMeta}</head>`) : built;
  } catch {
    request.log.warn(`${webApp.name} is not built`);
    return reply
      .code(503)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(notBuiltPage(webApp.name));
  }
  // no-cache plus an ETag: the browser asks every time (so a new build shows at once) and an
  // unchanged shell costs a 304.
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
  // The page's inline first-screen CSS is allowed by its hash (see allowInlineStyles).
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header('content-security-policy', allowInlineStyles(policy, html));
  }
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(html);
}

/** The address inside the app's router: '/admin/orders?x' is '/orders', '/admin' is '/'. */
function pathInApp(webApp: WebApp, url: string): string {
  const path = url.split('?')[0] ?? '/';
  return path.slice(webApp.prefix.length) || '/';
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function notBuiltPage(name: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shortlist: build needed</title></head>
<body><main><h1>This app is not built yet</h1>
<p>${name} has no build. Run <code>npm run build:web</code>, then reload this page.</p>
</main></body></html>
`;
}

export default fp(webAppsPlugin, { name: 'web-apps', fastify: '5.x', dependencies: ['errors'] });
