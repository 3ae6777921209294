import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import {
  ANIMATIONS_SETTLED,
  MAIN_THREAD_IDLE,
  READ_VITALS,
  type Vitals,
  vitalsInitScript,
} from './in-page-scripts';
import { MOBILE_PRESET } from './mobile-preset';

/** What one cold load of one page cost, measured in the page itself. */
export interface PageLoad {
  /** Where the load ended (a guard may have redirected) and the page's first heading. */
  finalPath: string;
  heading: string;
  js: TransferTotal;
  css: TransferTotal;
  /** Content-Encoding of the JS and CSS answers, e.g. "br" or "gzip"; "none" if uncompressed. */
  encodings: string[];
  fcpMs: number | null;
  lcpMs: number | null;
  /** Cumulative Layout Shift as Lighthouse counts it: the worst session window. */
  cls: number;
  /**
   * Total Blocking Time: the part over 50 ms of each long task after FCP. Lighthouse stops
   * counting at Time to Interactive; this counts to the end of the load, so never less.
   */
  tbtMs: number;
  longTasks: number;
  /** axe-core violations of serious or critical impact, by rule id. */
  a11yProblems: string[];
}

interface TransferTotal {
  /** Bytes on the wire: the body as served (compressed when the server compressed it). */
  bytes: number;
  files: number;
}

/** Session storage to set before the app's scripts run: a signed-in visit. */
export type SessionStorageSeed = Record<string, string>;

/**
 * Loads `url` once, cold (a new context: empty cache and storage), under the mobile preset, and
 * reads the paint, layout-shift and long-task entries the page itself recorded. The
 * accessibility check runs afterwards on the loaded page with throttling removed.
 */
export async function measurePageLoad(
  browser: Browser,
  url: string,
  sessionStorageSeed: SessionStorageSeed = {},
): Promise<PageLoad> {
  const context = await browser.newContext({
    viewport: MOBILE_PRESET.viewport,
    deviceScaleFactor: MOBILE_PRESET.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: MOBILE_PRESET.userAgent,
  });
  try {
    const origin = new URL(url).origin;
    await context.addInitScript({ content: vitalsInitScript(origin, sessionStorageSeed) });

    const page = await context.newPage();
    const transfers = recordTransfers(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', MOBILE_PRESET.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PRESET.cpuSlowdown });

    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    // The main thread idle once more: the last long task and layout shift have been recorded.
    await page.evaluate(MAIN_THREAD_IDLE);
    const vitals = (await page.evaluate(READ_VITALS)) as Vitals;
    const heading = ((await page.locator('h1').first().textContent({ timeout: 5_000 })) ?? '')
      .replace(/\s+/g, ' ')
      .trim();

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const a11yProblems = await seriousA11yProblems(page);
    const settledTransfers = await transfers.settled();

    return {
      finalPath: new URL(page.url()).pathname,
      heading,
      js: total(settledTransfers, 'script'),
      css: total(settledTransfers, 'stylesheet'),
      encodings: [
        ...new Set(
          settledTransfers
            .filter((transfer) => transfer.type === 'script' || transfer.type === 'stylesheet')
            .map((transfer) => transfer.encoding),
        ),
      ],
      fcpMs: vitals.fcp,
      lcpMs: vitals.lcp,
      cls: worstSessionWindow(vitals.shifts),
      tbtMs: totalBlockingTime(vitals.longTasks, vitals.fcp ?? 0),
      longTasks: vitals.longTasks.length,
      a11yProblems,
    };
  } finally {
    await context.close();
  }
}

interface Transfer {
  type: string;
  bytes: number;
  encoding: string;
}

/** Every finished request of the page: its resource type, body bytes as sent, and encoding. */
function recordTransfers(page: Page) {
  const pending: Promise<Transfer>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const encoding = (await response?.headerValue('content-encoding')) ?? 'none';
        return { type: request.resourceType(), bytes: sizes.responseBodySize, encoding };
      })(),
    );
  });
  return { settled: () => Promise.all(pending) };
}

function total(transfers: Transfer[], type: string): TransferTotal {
  const ofType = transfers.filter((transfer) => transfer.type === type);
  return {
    bytes: ofType.reduce((sum, transfer) => sum + transfer.bytes, 0),
    files: ofType.length,
  };
}

/**
 * Layout shifts grouped into session windows (a gap of over 1 s or a window longer than 5 s
 * starts a new one); the page's CLS is its worst window (web.dev's and Lighthouse's definition).
 */
function worstSessionWindow(shifts: readonly { at: number; value: number }[]): number {
  let worst = 0;
  let current = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of [...shifts].sort((a, b) => a.at - b.at)) {
    if (shift.at - previous > 1000 || shift.at - windowStart > 5000) {
      current = 0;
      windowStart = shift.at;
    }
    current += shift.value;
    previous = shift.at;
    worst = Math.max(worst, current);
  }
  return worst;
}

/** The part of each long task over 50 ms, for the tasks that start after first paint. */
function totalBlockingTime(
  longTasks: readonly { at: number; duration: number }[],
  firstPaintMs: number,
): number {
  return longTasks
    .filter((task) => task.at >= firstPaintMs)
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
}

/** axe-core once every finite animation has finished. */
async function seriousA11yProblems(page: Page): Promise<string[]> {
  await page.waitForFunction(ANIMATIONS_SETTLED);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.length})`);
}
