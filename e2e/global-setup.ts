import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { assertChromiumInstalled } from './support/browser';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/**
 * Runs once before the e2e project: fail fast without a browser, and make sure the server has
 * current web builds to serve (a stale build would test yesterday's screens). The staleness rule
 * is the one `npm start` uses, in scripts/ensure-web-build.mjs.
 */
export default function setup(): void {
  assertChromiumInstalled();
  execFileSync(process.execPath, ['scripts/ensure-web-build.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
