import { getSiteConfigRoute } from '@shortlist/domain/contract';
import { useApiQuery } from '../api/use-api';

/**
 * How the server runs (GET /api/config): maintenance, simulated payments. Read once per visit:
 * it changes only with a restart of the server. While it loads (or if it cannot), the apps
 * behave as in normal operation rather than hold their first paint for it.
 */
export function useSiteConfig() {
  return useApiQuery(getSiteConfigRoute, {}, { staleTime: Number.POSITIVE_INFINITY }).data ?? null;
}
