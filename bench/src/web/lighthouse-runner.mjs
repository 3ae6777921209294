// Runs under Node 22 (Lighthouse 12 needs it; the repository runs Node 20): started by
// lighthouse-audit.ts with the node and the packages bench:web installs into bench/.tools.
// Plain JavaScript so that node runs it as it is. Input: one JSON argument; output: one JSON
// line per audited page on stdout.
//
// Lighthouse's Node API drives a Puppeteer page, so a signed-in visit can put its session into
// sessionStorage before the app's scripts run (the apps keep the session there, SPEC §3); the
// CLI can only add request headers, which these apps do not read.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const input = JSON.parse(process.argv[2] ?? '{}');
const from = (path) => import(pathToFileURL(`${input.toolsDir}/node_modules/${path}`).href);
const { default: lighthouse } = await from('lighthouse/core/index.js');
const { default: puppeteer } = await from('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js');

const seedScript = (origin, seed) => `(() => {
  if (window.location.origin !== ${JSON.stringify(origin)}) return;
  for (const [key, value] of Object.entries(${JSON.stringify(seed)})) {
    window.sessionStorage.setItem(key, value);
  }
})();`;

const browser = await puppeteer.launch({
  executablePath: input.chromePath,
  headless: true,
  // The flags chromium.ts gives every measured Chromium here (STACK.md), passed in the input.
  args: ['--headless=new', ...input.chromeArgs],
});
try {
  // One audit first, not reported: a fresh browser's first load pays one-off costs of its own,
  // which would otherwise be charged to whichever page happens to come first.
  if (input.visits[0]) await audit(input.visits[0]);
  for (const visit of input.visits) {
    const results = [];
    for (let run = 0; run < Math.max(1, input.runs ?? 1); run++) results.push(await audit(visit));
    // The run with the median performance score, as Lighthouse CI picks its representative run.
    const scored = results.filter((result) => typeof result.performance === 'number');
    scored.sort((a, b) => a.performance - b.performance);
    const chosen = scored[Math.floor((scored.length - 1) / 2)] ?? results[0];
    process.stdout.write(`${JSON.stringify({ ...chosen, runs: results.length })}\n`);
  }
} finally {
  await browser.close();
}

function scoreOf(category) {
  return typeof category?.score === 'number' ? Math.round(category.score * 100) : null;
}

async function audit(visit) {
  const page = await browser.newPage();
  try {
    await page.evaluateOnNewDocument(seedScript(new URL(visit.url).origin, visit.session ?? {}));
    // Lighthouse's defaults: the mobile preset (Moto G Power screen, simulated slow 4G and 4×
    // CPU), storage cleared before the load (the seed script runs again on the new document).
    const result = await lighthouse(
      visit.url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    // LH_DUMP_DIR=dir keeps each audit's whole report, to see what a score is made of (the
    // simulated long tasks, the LCP's dependencies), not only the figures printed.
    if (process.env.LH_DUMP_DIR && lhr) {
      const file = `${visit.name.replace(/\W+/g, '-')}-${Date.now()}.json`;
      writeFileSync(join(process.env.LH_DUMP_DIR, file), JSON.stringify(lhr));
    }
    const numeric = (id) => lhr?.audits[id]?.numericValue ?? null;
    const failing = Object.values(lhr?.audits ?? {})
      .filter(
        (item) =>
          item.score !== null &&
          item.score < 0.9 &&
          item.scoreDisplayMode !== 'informative' &&
          item.scoreDisplayMode !== 'notApplicable' &&
          item.scoreDisplayMode !== 'manual',
      )
      .map((item) => (item.displayValue ? `${item.id} (${item.displayValue})` : item.id));
    return {
      name: visit.name,
      finalUrl: lhr?.finalDisplayedUrl ?? null,
      performance: scoreOf(lhr?.categories.performance),
      accessibility: scoreOf(lhr?.categories.accessibility),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      speedIndexMs: numeric('speed-index'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      lcpElement:
        lhr?.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
          ?.snippet ?? null,
      failing,
      runtimeError: lhr?.runtimeError?.message ?? null,
    };
  } catch (error) {
    return { name: visit.name, error: String(error) };
  } finally {
    await page.close();
  }
}
