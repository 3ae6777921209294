import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yProblems } from './support/axe';
import { launchBrowser, newTestContext, takeCspViolations } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

// The three apps are separate builds mounted by the server at /, /admin/ and /influencer/;
// any other path falls back to the customer app, which shows its 404 screen. Signed out, the
// staff apps guard every path: the admin app sends the visitor to the customer login with the
// way back in `next`, the influencer app to its own login.
const pages: Array<{ path: string; heading: string; shows?: string; lands?: string }> = [
  { path: '/', heading: 'Get Shortlisted Faster, there!' },
  { path: '/admin/', heading: 'Welcome back', lands: '/login?next=%2Fadmin' },
  { path: '/influencer/', heading: 'Influencer login', lands: '/influencer/login' },
  { path: '/no-such-page', heading: 'Page not found', shows: '/no-such-page' },
  {
    path: '/admin/no-such-page',
    heading: 'Welcome back',
    lands: '/login?next=%2Fadmin%2Fno-such-page',
  },
];

describe('the three app shells', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterEach(() => {
    expect(takeCspViolations()).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(pages)(
    '$path shows "$heading" and passes axe',
    async ({ path, heading, shows, lands }) => {
      const context = await newTestContext(browser);
      try {
        const page = await context.newPage();
        const response = await page.goto(`${server.url}${path}`);
        // The server may answer an unknown path with 404 around the app's own 404 screen.
        expect(response?.status()).toBeLessThan(shows === undefined ? 300 : 500);

        // By accessible name: Home's h1 draws a typewriter but is named by one steady sentence.
        const title = page.getByRole('heading', { level: 1, name: heading, exact: true });
        // The app renders after the load event: wait for it rather than count at once.
        await title.waitFor();
        expect(await title.count()).toBe(1);
        if (shows !== undefined) {
          expect(await page.getByRole('main').innerText()).toContain(shows);
        }
        if (lands !== undefined) {
          const { pathname, search } = new URL(page.url());
          expect(decodeURIComponent(`${pathname}${search}`)).toBe(decodeURIComponent(lands));
        }
        expect(await seriousA11yProblems(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
