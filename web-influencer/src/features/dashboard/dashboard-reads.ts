import { influencerApi } from '@shortlist/web-kit';

/**
 * The dashboard's first reads (its figures and link, the funnel, the chart) as the addresses its
 * queries call. Plain strings, so the app's first load needs no contract; the spec holds them
 * to the contract's routes.
 */
export const DASHBOARD_READS = [
  '/influencer/dashboard',
  '/influencer/funnel',
  '/influencer/referral-chart',
] as const;

/**
 * Started by the router when the app opens at the dashboard: the answers travel while the
 * screen's code loads (PrefetchingApiClient.prefetch), so the referral link and its QR code,
 * the page's largest paint, come one request earlier.
 */
export function prefetchDashboardReads(): void {
  for (const path of DASHBOARD_READS) influencerApi.prefetch(path);
}
