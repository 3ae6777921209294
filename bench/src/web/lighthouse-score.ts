/**
 * Lighthouse 12's performance score, computed from the metrics this bench measures, with its
 * mobile scoring curves (log-normal, fixed by a 10th-percentile and a median value) and weights.
 * Lighthouse itself cannot run here (version 12 needs Node 22), and this bench does not measure
 * Speed Index: it is scored as equal to LCP, which for these pages (no late-painting content
 * below the largest element) is the moment the viewport is visually complete or later.
 */
const CURVES = {
  fcp: { p10: 1800, median: 3000, weight: 0.1 },
  speedIndex: { p10: 3387, median: 5800, weight: 0.1 },
  lcp: { p10: 2500, median: 4000, weight: 0.25 },
  tbt: { p10: 200, median: 600, weight: 0.3 },
  cls: { p10: 0.1, median: 0.25, weight: 0.25 },
} as const;

export interface ScoredMetrics {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** 0–100, as Lighthouse prints it. */
export function estimatedPerformanceScore(metrics: ScoredMetrics): number {
  const parts: [keyof typeof CURVES, number][] = [
    ['fcp', metrics.fcpMs],
    ['speedIndex', metrics.lcpMs],
    ['lcp', metrics.lcpMs],
    ['tbt', metrics.tbtMs],
    ['cls', metrics.cls],
  ];
  const score = parts.reduce((sum, [name, value]) => {
    const curve = CURVES[name];
    return sum + curve.weight * logNormalScore(curve.p10, curve.median, value);
  }, 0);
  return Math.round(score * 100);
}

/** Lighthouse's `getLogNormalScore` (lighthouse-core/lib/statistics.js). */
function logNormalScore(p10: number, median: number, value: number): number {
  if (value <= 0) return 1;
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;
  const xLogRatio = Math.log(Math.max(Number.MIN_VALUE, value / median));
  const p10LogRatio = -Math.log(Math.max(Number.MIN_VALUE, p10 / median));
  const standardizedX = (xLogRatio * INVERSE_ERFC_ONE_FIFTH) / p10LogRatio;
  const complementaryPercentile = (1 - erf(standardizedX)) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, complementaryPercentile));
  if (value <= median) return Math.max(0.5, Math.min(0.8999999999999999, complementaryPercentile));
  return Math.max(0, Math.min(0.49999999999999994, complementaryPercentile));
}

/** Abramowitz and Stegun 7.1.26, as Lighthouse computes it. */
function erf(input: number): number {
  const sign = Math.sign(input);
  const x = Math.abs(input);
  const t = 1 / (1 + 0.3275911 * x);
  const y =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-x * x));
}
