import { getInfluencerDashboardRoute } from '@shortlist/domain/contract';
import { useApiQuery } from '@shortlist/web-kit';

/** GET /influencer/dashboard: figures, link and referred orders (the dashboard and Orders). */
export function useDashboard() {
  return useApiQuery(getInfluencerDashboardRoute, {});
}
