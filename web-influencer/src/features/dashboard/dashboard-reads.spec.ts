import {
  getInfluencerDashboardRoute,
  getInfluencerFunnelRoute,
  getInfluencerReferralChartRoute,
  routePath,
} from '@shortlist/domain/contract';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_READS } from './dashboard-reads';

describe('the reads prefetched for the dashboard', () => {
  it("are the addresses the dashboard's queries call (a prefetch nobody takes is a wasted request)", () => {
    expect(DASHBOARD_READS).toEqual(
      [getInfluencerDashboardRoute, getInfluencerFunnelRoute, getInfluencerReferralChartRoute].map(
        (route) => routePath(route.path),
      ),
    );
  });
});
