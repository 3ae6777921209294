import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { waitForSettled } from './browser';

/**
 * Full-page screenshots at 1280 and 375 px into `dir` (under /work/screens, not in the repo),
 * named `<name>-<width>.png`; the page gets its viewport back afterwards.
 */
export async function screenshotBothWidths(page: Page, dir: string, name: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await waitForSettled(page);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(original);
}
