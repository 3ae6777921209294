import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openAsAdmin } from './support/admin-orders';
import { launchBrowser, newTestContext, takeCspViolations } from './support/browser';
import { registerCustomer } from './support/customer-api';
import { fillLoginForm } from './support/login-form';
import { startTestServer, type TestServer } from './support/server';

// The built apps as the server sends them: each page carries its first screen's CSS inline,
// allowed by a hash in the page's policy, and names the chunks of the screen at its address
// (<link rel="modulepreload">) so they download beside the entry. A hash that does not match
// the inline CSS shows as a CSP violation (and an unstyled page); a preload the page does not
// use as it was fetched shows as a second request for the same file.

const ADMIN = { email: 'first-paint-admin@example.com', password: 'Adm1n-first-paint-pass' };
// --color-canvas (web-kit/src/tokens.css), the body's background in base.css: inline CSS applied.
const CANVAS = 'rgb(245, 247, 250)';

describe('first paint of the three apps', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
  });

  afterEach(() => {
    expect(takeCspViolations()).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Every request the page makes, by URL, and the consoles' preload warnings. */
  function watch(page: Page) {
    const requests = new Map<string, number>();
    const warnings: string[] = [];
    page.on('request', (request: Request) => {
      requests.set(request.url(), (requests.get(request.url()) ?? 0) + 1);
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    return { requests, warnings };
  }

  /** The page's HTML as the server sends it for `path` (the same for every visitor). */
  async function served(path: string): Promise<string> {
    const response = await fetch(`${server.url}${path}`);
    expect(response.headers.get('content-type')).toContain('text/html');
    return response.text();
  }

  /** The page's own HTML, and what the browser made of it. */
  async function checkPage(page: Page, html: string, seen: ReturnType<typeof watch>) {
    // The first screen's CSS is in the page, not a stylesheet to fetch first; and it applies.
    expect(html).toMatch(/<style>[\s\S]*?--color-canvas[\s\S]*?<\/style>/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(CANVAS);
    // Each file the page named for preloading is fetched once: the module script or the screen's
    // stylesheet that needs it takes the preloaded copy.
    const preloads = [
      ...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g),
    ];
    for (const [, href] of preloads) {
      expect(seen.requests.get(`${server.url}${href}`), href).toBe(1);
    }
    expect(seen.warnings).toEqual([]);
    return preloads.map(([, href]) => href as string);
  }

  it('home: its CSS inline under the policy, nothing to preload (Home is in the entry)', async () => {
    const context = await newTestContext(browser);
    try {
      const page = await context.newPage();
      const seen = watch(page);
      await page.goto(`${server.url}/`);
      await page
        .getByRole('heading', { level: 1, name: 'Get Shortlisted Faster, there!' })
        .waitFor();
      const preloads = await checkPage(page, await served('/'), seen);
      expect(preloads).toEqual([]);
      // What Home draws later (the footer, the templates carousel) comes in one small chunk:
      // never the screens' shared chunk with the query library and zod, which Home never uses.
      await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).waitFor();
      await page.getByRole('region', { name: 'Resume templates', exact: true }).waitFor();
      const scripts = [...seen.requests.keys()].filter((url) => url.endsWith('.js'));
      expect(scripts.map((url) => new URL(url).pathname.replace(/-[\w-]+\.js$/, ''))).toEqual([
        '/assets/index',
        '/assets/frame',
      ]);
    } finally {
      await context.close();
    }
  });

  it("pricing: drawn without the screens' shared chunk, which a plan's upload dialog loads", async () => {
    const customer = { email: 'first-paint-pricing@customers.test', password: 'pricing-pass-1' };
    await registerCustomer(server.url, customer.email, customer.password);
    const context = await newTestContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/login?next=${encodeURIComponent('/pricing')}`);
      await fillLoginForm(page, customer);
      const review = page.getByRole('article', { name: 'Resume Review' });
      await review.getByRole('button', { name: 'Get a review' }).waitFor();
      // The signed-in page loaded afresh (the session stays in this tab's storage).
      const seen = watch(page);
      await page.reload();
      await review.getByRole('button', { name: 'Get a review' }).waitFor();
      await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).waitFor();
      await checkPage(page, await served('/pricing'), seen);
      const scripts = () =>
        [...seen.requests.keys()]
          .filter((url) => url.endsWith('.js'))
          // Less the content hash (eight characters) Vite adds to each file's name.
          .map((url) => new URL(url).pathname.replace(/-[\w-]{8}\.js$/, ''))
          .sort();
      expect(scripts()).toEqual([
        '/assets/frame',
        '/assets/index',
        '/assets/light',
        '/assets/pricing-screen',
      ]);
      // The upload form, with the query library and zod, comes when a dialog first opens.
      await review.getByRole('button', { name: 'Get a review' }).click();
      await page.getByRole('dialog', { name: 'Resume Review' }).waitFor();
      expect(scripts()).toContain('/assets/shared');
    } finally {
      await context.close();
    }
  });

  it("the influencer login: the page names the login screen's chunk, used as preloaded", async () => {
    const context = await newTestContext(browser);
    try {
      const page = await context.newPage();
      const seen = watch(page);
      await page.goto(`${server.url}/influencer/login`);
      await page.getByRole('heading', { level: 1, name: 'Influencer login' }).waitFor();
      const preloads = await checkPage(page, await served('/influencer/login'), seen);
      expect(
        preloads.some((href) => /\/influencer\/assets\/login-screen-[\w-]+\.js$/.test(href)),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("admin orders: the orders screen's chunks and CSS preloaded, the page styled and allowed", async () => {
    const context = await newTestContext(browser);
    try {
      const page = await context.newPage();
      await openAsAdmin(page, server.url, '/admin/orders', ADMIN);
      // The signed-in page loaded afresh (the session stays in this tab's storage).
      const seen = watch(page);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      const preloads = await checkPage(page, await served('/admin/orders'), seen);
      expect(preloads.some((href) => /\/admin\/assets\/orders-screen-[\w-]+\.js$/.test(href))).toBe(
        true,
      );
      expect(
        preloads.some((href) => /\/admin\/assets\/orders-screen-[\w-]+\.css$/.test(href)),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });
});
