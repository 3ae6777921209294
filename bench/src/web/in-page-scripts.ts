// Scripts that run inside the measured page. They are text, not functions, because the bench
// compiles against Node's types, which have no DOM (the page has one; this process does not).

/** What the page recorded about itself, read back with READ_VITALS. */
export interface Vitals {
  fcp: number | null;
  lcp: number | null;
  shifts: { at: number; value: number }[];
  longTasks: { at: number; duration: number }[];
}

/**
 * Runs before the app's own scripts: session storage for a signed-in visit (on the app's origin
 * only), then observers for first paint, the largest paint, layout shifts and long tasks, all
 * buffered, so nothing the page did before they started is missed.
 */
export function vitalsInitScript(
  origin: string,
  sessionStorageSeed: Record<string, string>,
): string {
  return `(() => {
  if (window.location.origin === ${JSON.stringify(origin)}) {
    for (const [key, value] of Object.entries(${JSON.stringify(sessionStorageSeed)})) {
      window.sessionStorage.setItem(key, value);
    }
  }
  const vitals = { fcp: null, lcp: null, shifts: [], longTasks: [] };
  window.__benchVitals = vitals;
  const observe = (type, onEntry) =>
    new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime; });
  observe('largest-contentful-paint', (entry) => { vitals.lcp = entry.startTime; });
  observe('layout-shift', (entry) => {
    if (!entry.hadRecentInput) vitals.shifts.push({ at: entry.startTime, value: entry.value });
  });
  observe('longtask', (entry) => { vitals.longTasks.push({ at: entry.startTime, duration: entry.duration }); });
})();`;
}

export const READ_VITALS = 'window.__benchVitals';

/** Resolves once the main thread is idle: the last long task and layout shift are recorded. */
export const MAIN_THREAD_IDLE =
  'new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 10000 }))';

/**
 * True once every finite animation or transition has finished (an endless one, like a spinner,
 * never would): a fading element has no stable contrast for axe to judge.
 */
export const ANIMATIONS_SETTLED = `document.getAnimations().every((animation) =>
  animation.playState !== 'running' ||
  animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY)`;
