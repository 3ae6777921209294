import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { seriousA11yProblems } from './axe';
import { launchBrowser, newTestContext, takeCspViolations } from './browser';
import { startTestServer, type TestServer } from './server';

export interface Journey {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A fresh browser context (its own storage), 1280×900 unless told, closed after the file. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context. */
  newPage(): Promise<Page>;
}

/**
 * The frame every Chromium journey file shares, registered in the calling `describe`: the real
 * server (with `env`) and Chromium started together, no CSP violation after any test, everything
 * closed at the end. `setup` runs once both are up (seed accounts, orders…).
 */
export function useJourney(
  env: Record<string, string> = {},
  setup?: (journey: Journey) => Promise<void>,
): Journey {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const journey: Journey = {
    get server() {
      if (!server) throw new Error('The journey server is not started yet');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('The journey browser is not launched yet');
      return browser;
    },
    async newContext(options = {}) {
      const context = await newTestContext(journey.browser, {
        viewport: { width: 1280, height: 900 },
        ...options,
      });
      contexts.push(context);
      return context;
    },
    async newPage() {
      return (await journey.newContext()).newPage();
    },
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(env), launchBrowser()]);
    await setup?.(journey);
  });

  afterEach(() => {
    expect(takeCspViolations()).toEqual([]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.close();
  });

  return journey;
}

/** axe on the settled page: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousA11yProblems(page)).toEqual([]);
}
