import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium (STACK.md); playwright-core ships no browser of its own. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The flags STACK.md lists as working here: no sandbox as root, no GPU, nothing that phones home
// (a background request would share the throttled network with the page being measured).
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath} — run: apt-get install -y chromium`);
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}
