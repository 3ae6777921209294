// npm run bench:web — the browser's share of performance (what a visitor waits for), in one run:
//  1. each app's initial JavaScript from its build (entry + static imports), beside a bare
//     React 19 + react-router app built now with the same Vite, as a ratio;
//  2. cold loads of five pages in Chromium under Lighthouse's mobile preset (Moto G screen, slow
//     4G, 4× CPU) against the real server started as `npm start` starts it: bytes served, FCP,
//     LCP, CLS, blocking time, an estimated Lighthouse score, and axe's serious problems;
//  3. Lighthouse 12 itself on the same pages (performance and accessibility, mobile defaults), run
//     by a Node 22 that bench:web installs on first use into bench/.tools (web/lighthouse-audit.ts).
// Targets are printed, never asserted. RUNS (default 3) loads per page; timings are medians.
// LIGHTHOUSE=0 skips step 3; LIGHTHOUSE_RUNS (default 1) audits per page, median printed.
// BENCH_PAGES=pricing,influencer (parts of the pages' names, comma-separated) loads only those;
// LH_DUMP_DIR=dir keeps each Lighthouse audit's whole report there as JSON.
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@shortlist/api/testing';
import { startBenchServer } from './api-bench-server';
import { closeAgents } from './api-http';
import { buildBareReactRouterApp } from './web/bare-react-baseline';
import { chromiumPath, launchChromium } from './web/chromium';
import { type InitialAssets, initialAssets } from './web/initial-js';
import {
  ensureLighthouseTools,
  type LighthouseResult,
  type LighthouseVisit,
  runLighthouse,
} from './web/lighthouse-audit';
import { estimatedPerformanceScore } from './web/lighthouse-score';
import { GOOD, MOBILE_PRESET } from './web/mobile-preset';
import { measurePageLoad, type PageLoad, type SessionStorageSeed } from './web/page-load';
import { prepareVisitors } from './web/visitors';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
/** Lighthouse audits per page (the median by performance is printed); each takes ~20 s. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const PAGES = process.env.BENCH_PAGES?.split(',');
/** Every app's first load within 1.15× a bare React + router entry. */
const RATIO_TARGET = 1.15;
const SCORE_TARGET = 95;
const A11Y_TARGET = 100;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);
const pad = (text: string, width: number) => text.padEnd(width);
const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function reportBuilds(): Promise<void> {
  // What `npm start` does first: build an app whose dist is missing or older than its sources.
  execFileSync(process.execPath, [join(repoRoot, 'scripts', 'ensure-web-build.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const bare = await buildBareReactRouterApp(repoRoot);
  const apps: [string, InitialAssets][] = [];
  for (const app of ['web-customer', 'web-admin', 'web-influencer']) {
    apps.push([app, await initialAssets(join(repoRoot, app, 'dist'))]);
  }
  const target = bare.jsGzip * RATIO_TARGET;

  console.log(
    '\n## Initial JavaScript of each build (entry + static imports; gzip -9, brotli q11; CSS linked or inline)\n',
  );
  printTable(
    ['build', 'files', 'raw', 'gzip', 'brotli', 'css gzip', '× bare', 'target'],
    [
      [
        'bare React 19 + router (baseline)',
        String(bare.jsFiles.length),
        kB(bare.jsRaw),
        kB(bare.jsGzip),
        kB(bare.jsBrotli),
        '—',
        '1.00',
        '',
      ],
      ...apps.map(([app, assets]) => [
        app,
        String(assets.jsFiles.length),
        kB(assets.jsRaw),
        kB(assets.jsGzip),
        kB(assets.jsBrotli),
        kB(assets.cssGzip),
        (assets.jsGzip / bare.jsGzip).toFixed(2),
        `${mark(assets.jsGzip <= target)} ≤ ${kB(target)} (${RATIO_TARGET}×)`,
      ]),
    ],
  );
}

interface PageVisit {
  name: string;
  path: string;
  session?: SessionStorageSeed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function medianOf(loads: PageLoad[], pick: (load: PageLoad) => number | null): number | null {
  const values = loads.map(pick).filter((value): value is number => value !== null);
  return values.length === 0 ? null : median(values);
}

async function reportPageLoads(): Promise<void> {
  const [port, pgPort] = [await freePort(), await freePort()];
  const server = await startBenchServer(port, pgPort);
  const browser = await launchChromium();
  try {
    const visitors = await prepareVisitors(server.url);
    const pages: PageVisit[] = [
      { name: 'home', path: '/' },
      { name: 'pricing (signed out)', path: '/pricing' },
      { name: 'pricing', path: '/pricing', session: visitors.customer },
      {
        name: 'checkout (unpaid order)',
        path: `/checkout?orderId=${encodeURIComponent(visitors.unpaidOrderId)}`,
        session: visitors.customer,
      },
      { name: 'admin orders', path: '/admin/orders', session: visitors.admin },
      { name: 'influencer dashboard', path: '/influencer/', session: visitors.influencer },
    ];
    const visits = pages.filter(
      (visit) => PAGES === undefined || PAGES.some((part) => visit.name.includes(part)),
    );

    const rows: string[][] = [];
    const problems: string[] = [];
    for (const visit of visits) {
      const loads: PageLoad[] = [];
      for (let run = 0; run < RUNS; run++) {
        loads.push(await measurePageLoad(browser, `${server.url}${visit.path}`, visit.session));
      }
      const first = loads[0] as PageLoad;
      const fcp = medianOf(loads, (load) => load.fcpMs);
      const lcp = medianOf(loads, (load) => load.lcpMs);
      const cls = medianOf(loads, (load) => load.cls) ?? 0;
      const tbt = medianOf(loads, (load) => load.tbtMs) ?? 0;
      const score =
        fcp === null || lcp === null
          ? null
          : estimatedPerformanceScore({ fcpMs: fcp, lcpMs: lcp, tbtMs: tbt, cls });
      rows.push([
        visit.name,
        `${first.finalPath} "${first.heading.slice(0, 28)}"`,
        `${kB(first.js.bytes)} (${first.js.files})`,
        `${kB(first.css.bytes)} (${first.css.files})`,
        first.encodings.join(','),
        ms(fcp),
        ms(lcp),
        cls.toFixed(3),
        ms(tbt),
        score === null ? '—' : `${mark(score >= SCORE_TARGET)} ${score}`,
        first.a11yProblems.length === 0 ? 'PASS 0' : `MISS ${first.a11yProblems.length}`,
      ]);
      if (first.a11yProblems.length > 0) {
        problems.push(`${visit.name}: ${first.a11yProblems.join(', ')}`);
      }
    }

    console.log(
      `\n## Cold loads in Chromium, Lighthouse mobile preset (${MOBILE_PRESET.viewport.width}×${MOBILE_PRESET.viewport.height}, ` +
        `${MOBILE_PRESET.network.latency} ms latency, ${((MOBILE_PRESET.network.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s, ` +
        `CPU ${MOBILE_PRESET.cpuSlowdown}× slower), median of ${RUNS}\n`,
    );
    printTable(
      [
        'page',
        'ended at',
        'JS served',
        'CSS served',
        'encoding',
        'FCP',
        'LCP',
        'CLS',
        'TBT',
        `≈score (≥${SCORE_TARGET})`,
        'a11y serious',
      ],
      rows,
    );
    console.log(
      `\nGood (Lighthouse's 90-point marks): FCP ≤ ${GOOD.fcpMs} ms, LCP ≤ ${GOOD.lcpMs} ms, ` +
        `CLS ≤ ${GOOD.cls}, TBT ≤ ${GOOD.tbtMs} ms. "JS served" counts every script of the load ` +
        '(the route chunks too), as the server sent it.',
    );
    for (const problem of problems) console.log(`axe: ${problem}`);

    if (process.env.LIGHTHOUSE !== '0') {
      await reportLighthouse(
        visits.map((visit) => ({
          name: visit.name,
          url: `${server.url}${visit.path}`,
          session: visit.session,
        })),
        new Map(rows.map((row) => [row[0] as string, row[9] as string])),
      );
    }
  } finally {
    await browser.close();
    closeAgents();
    await server.close();
  }
}

/** Lighthouse 12 on the same pages, beside this bench's own estimate of its score. */
async function reportLighthouse(
  visits: LighthouseVisit[],
  estimates: Map<string, string>,
): Promise<void> {
  const tools = ensureLighthouseTools(repoRoot);
  if ('unavailable' in tools) {
    console.log(`\nLighthouse 12 not run: ${tools.unavailable}. The ≈score above stands in.`);
    return;
  }
  const results = await runLighthouse(tools, chromiumPath, visits, LIGHTHOUSE_RUNS);
  const byName = new Map(results.map((result) => [result.name, result]));
  const score = (value: number | null | undefined, target: number) =>
    typeof value === 'number' ? `${mark(value >= target)} ${value}` : '—';
  const ms = (value: number | null | undefined) =>
    typeof value === 'number' ? `${Math.round(value)} ms` : '—';
  console.log(
    '\n## Lighthouse 12.8.2 (Node 22, mobile defaults: simulated slow 4G and 4× CPU), ' +
      `median of ${LIGHTHOUSE_RUNS} audit(s) a page after one unreported warm-up\n`,
  );
  printTable(
    [
      'page',
      `performance (≥${SCORE_TARGET})`,
      `accessibility (${A11Y_TARGET})`,
      'bench ≈score',
      'FCP',
      'LCP',
      'SI',
      'TBT',
      'CLS',
    ],
    visits.map((visit) => {
      const result: LighthouseResult = byName.get(visit.name) ?? {
        name: visit.name,
        error: 'no result',
      };
      return [
        visit.name,
        score(result.performance, SCORE_TARGET),
        score(result.accessibility, A11Y_TARGET),
        estimates.get(visit.name) ?? '—',
        ms(result.fcpMs),
        ms(result.lcpMs),
        ms(result.speedIndexMs),
        ms(result.tbtMs),
        typeof result.cls === 'number' ? result.cls.toFixed(3) : '—',
      ];
    }),
  );
  for (const result of results) {
    const trouble = result.error ?? result.runtimeError;
    if (trouble) console.log(`${result.name}: ${trouble}`);
    else if (result.failing && result.failing.length > 0) {
      console.log(`${result.name}, audits under 0.9: ${result.failing.join(', ')}`);
    }
    if (result.lcpElement) console.log(`${result.name}, LCP element: ${result.lcpElement}`);
  }
}

/** Figures taken while other work runs (a test battery, a build) are not comparable. */
const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`;

async function main(): Promise<void> {
  console.log(
    `# bench:web — Node ${process.versions.node}. The cold loads are measured directly in ` +
      'Chromium under Lighthouse\'s mobile preset, and "≈score" applies its scoring curves to ' +
      'them (Speed Index scored as LCP); Lighthouse 12 itself (Node 22) then audits the same pages.',
  );
  console.log(`${load()} before`);
  await reportBuilds();
  await reportPageLoads();
  console.log(`\n${load()} after`);
}

await main();
// The embedded PostgreSQL package's exit hook throws when the process ends on its own (it expects
// a callback), as in api.bench.ts: end it here, keeping any exit code set above.
process.exit();
