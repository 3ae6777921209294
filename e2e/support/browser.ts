import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

/** Debian's chromium (STACK.md); playwright-core ships no browser of its own. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags known to work on these machines (STACK.md): no sandbox as root, no GPU, and nothing
// that phones home, so a run never waits on the network.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function assertChromiumInstalled(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath} — run: apt-get install -y chromium`);
  }
}

/** A fresh browser; `chromium.launch` gives it a throw-away user-data-dir. */
export function launchBrowser(): Promise<Browser> {
  assertChromiumInstalled();
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

/** A Content-Security-Policy violation seen in a page of a journey's browser context. */
export interface CspViolation {
  url: string;
  directive: string;
  blocked: string;
}

const cspViolations: CspViolation[] = [];

declare global {
  interface Window {
    __shortlistCspViolation?: (violation: CspViolation) => void;
  }
}

/**
 * The context every journey runs in: reduced motion always (nothing on screen is half-way
 * through an animation when a check looks at it, so no check depends on the machine's speed),
 * and every CSP violation recorded, from the page's `securitypolicyviolation` events and from
 * Chromium's console (which also reports frames that run no script, like the receipt's srcdoc).
 * Specs assert `takeCspViolations()` is empty after each test.
 */
export async function newTestContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, reducedMotion: 'reduce' });
  await context.exposeFunction('__shortlistCspViolation', (violation: CspViolation) => {
    cspViolations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.documentURI === 'about:srcdoc') return;
      window.__shortlistCspViolation?.({
        url: event.documentURI,
        directive: event.effectiveDirective,
        blocked: event.blockedURI || event.sample,
      });
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    // The admin's Outbox shows a mail's own HTML in a sandboxed srcdoc frame, which inherits the
    // app's policy: the mail's inline styles are refused there on purpose (a mail is untrusted
    // markup), so that frame's refusals are the policy working, not the app breaking it.
    if (message.location().url === 'about:srcdoc') return;
    if (/Content Security Policy/i.test(text)) {
      cspViolations.push({ url: message.location().url, directive: 'console', blocked: text });
    }
  });
  return context;
}

/** The violations recorded since the last call (one may show twice: as event and in the console). */
export function takeCspViolations(): CspViolation[] {
  return cspViolations.splice(0);
}

/**
 * Waits until nothing on the page is animating: every finite animation or transition has
 * finished (an endless one, like a spinner, never would). Under reduced motion this is at once.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // One frame more, so what finished is painted before a check or a screenshot looks.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}
