import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

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
