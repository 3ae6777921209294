import { getSiteConfigRoute, type SiteConfig, siteConfigSchema } from '@shortlist/domain/contract';
import { useApiQuery } from '../api/use-api';

/**
 * What the server wrote into the page (`<meta name="shortlist-site">`, api/src/web): known
 * before the first render, so nothing moves when it is shown. Absent under Vite's dev server.
 */
function configInPage(): SiteConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector('meta[name="shortlist-site"]')?.getAttribute('content');
  if (!content) return undefined;
  try {
    const parsed = siteConfigSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const inPage = configInPage();

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
