import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertChromiumInstalled } from './support/browser';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const apps = ['web-customer', 'web-admin', 'web-influencer'];

/**
 * Runs once before the e2e project: fail fast without a browser, and make sure the server has
 * current web builds to serve (a stale build would test yesterday's screens).
 */
export default function setup(): void {
  assertChromiumInstalled();
  const stale = apps.filter(needsBuild);
  if (stale.length > 0) {
    console.log(`e2e: building ${stale.join(', ')}…`);
    execSync(`npm run build ${stale.map((app) => `-w ${app}`).join(' ')}`, {
      cwd: repoRoot,
      stdio: 'inherit',
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}

function needsBuild(app: string): boolean {
  const builtIndex = join(repoRoot, app, 'dist', 'index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  const sources = ['src', 'index.html', 'vite.config.ts'].map((part) => join(repoRoot, app, part));
  sources.push(join(repoRoot, 'web-kit', 'src'), join(repoRoot, 'domain', 'src'));
  return sources.some((source) => newestChange(source) > builtAt);
}

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stat.mtimeMs,
  );
}
