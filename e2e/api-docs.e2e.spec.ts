import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newTestContext,
  takeCspViolations,
  waitForSettled,
} from './support/browser';
import { startTestServer, type TestServer } from './support/server';

// The API reference at /api/docs: Swagger UI rendering /api/openapi.json under the docs' own
// Content-Security-Policy, with no violation in Chromium.
describe('the API reference', () => {
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

  it('lists every operation of the published document', async () => {
    const contract = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected = Object.entries(contract.paths)
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(expected.length).toBeGreaterThan(40);

    const context = await newTestContext(browser);
    try {
      const page = await context.newPage();
      const response = await page.goto(`${server.url}/api/docs`);
      expect(response?.status()).toBe(200);
      // The docs' own policy (default-src 'none'), not the app-wide one helmet sets.
      expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");

      // Settled: the UI fetched the document and drew one block per operation.
      const listed = () =>
        page.$$eval('.opblock', (blocks) =>
          blocks.map((block) => {
            const method = block.querySelector('.opblock-summary-method')?.textContent ?? '';
            const path = block.querySelector('.opblock-summary-path')?.getAttribute('data-path');
            return `${method.trim().toUpperCase()} ${path ?? ''}`;
          }),
        );
      await page.waitForFunction(
        (count) => document.querySelectorAll('.opblock').length >= count,
        expected.length,
      );
      await waitForSettled(page);
      expect((await listed()).sort()).toEqual(expected);
      expect(await page.getByRole('heading', { name: /Shortlist API/ }).count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
