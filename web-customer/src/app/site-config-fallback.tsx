import type { SiteConfig } from '@shortlist/web-kit';
import { lazy, Suspense } from 'react';

const SiteConfigReader = lazy(() => import('./site-config-reader'));

/**
 * The server writes the site's configuration into the page, so a page with it reads nothing.
 * Only a page without it (Vite's dev server sends one) asks GET /api/config, which loads the
 * query library and the contract's schemas, lazily, after the first paint.
 */
export function SiteConfigFallback({
  site,
  onRead,
}: {
  site: SiteConfig | undefined;
  onRead: (config: SiteConfig) => void;
}) {
  if (site !== undefined) return null;
  return (
    <Suspense fallback={null}>
      <SiteConfigReader onRead={onRead} />
    </Suspense>
  );
}
