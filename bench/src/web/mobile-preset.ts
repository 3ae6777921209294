/**
 * Lighthouse 12's mobile preset, applied the way its "devtools" throttling applies it (through
 * the Chrome DevTools Protocol, on a real load): a Moto G Power screen, slow 4G, a 4× slower CPU.
 * Lighthouse's simulated figures (RTT 150 ms, 1.6 Mbit/s) become 562.5 ms of request latency and
 * 1.47 Mbit/s down when applied to a live connection (its DEVTOOLS_RTT_ADJUSTMENT_FACTOR 3.75 and
 * DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR 0.9), so these loads are slower than Lighthouse's
 * simulated ones, never kinder.
 */
export const MOBILE_PRESET = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  network: {
    offline: false,
    latency: 562.5,
    // DevTools takes bytes per second.
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  },
  cpuSlowdown: 4,
} as const;

/** Lighthouse's thresholds for a "good" mobile page (its scoring curves' median-good points). */
export const GOOD = { fcpMs: 1800, lcpMs: 2500, cls: 0.1, tbtMs: 200 } as const;
