// `npm start` and the e2e tests serve the three built web apps. Build an app when its build is
// missing or older than its sources, so a fresh clone starts with one command and an edited app
// is never served stale.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const apps = ['web-customer', 'web-admin', 'web-influencer'];
const sharedSources = [
  join('web-kit', 'src'),
  join('domain', 'src'),
  join('scripts', 'vite-first-load.ts'),
  join('scripts', 'vite-inline-entry-css.ts'),
  join('scripts', 'vite-route-preloads.ts'),
  join('scripts', 'vite-precompress.ts'),
];

function newestChange(path) {
  const full = join(repoRoot, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stat.mtimeMs,
  );
}

function needsBuild(app) {
  const built = join(repoRoot, app, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = ['src', 'index.html', 'vite.config.ts'].map((part) => join(app, part));
  return [...sources, ...sharedSources].some((source) => newestChange(source) > builtAt);
}

const stale = apps.filter(needsBuild);
if (stale.length > 0) {
  console.log(`Building ${stale.join(', ')}…`);
  execSync(`npm run build ${stale.map((app) => `-w ${app}`).join(' ')}`, {
    cwd: repoRoot,
    stdio: 'inherit',
    // Test runners set NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
