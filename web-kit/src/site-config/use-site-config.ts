import { getSiteConfigRoute, type SiteConfig } from '@shortlist/domain/contract';
import { useApiQuery } from '../api/use-api';
import { siteConfigInPage } from './site-config-in-page';

const inPage = siteConfigInPage();

/**
 * How the server runs (GET /api/config): maintenance, simulated payments. It changes only with a
 * restart, so it is read once: from the page when the server wrote it there, else from the API.
 * While that loads (or if it cannot), the apps behave as in normal operation rather than hold
 * their first paint for it.
 */
export function useSiteConfig(): SiteConfig | null {
  return (
    useApiQuery(
      getSiteConfigRoute,
      {},
      { staleTime: Number.POSITIVE_INFINITY, ...(inPage ? { initialData: inPage } : {}) },
    ).data ?? null
  );
}
