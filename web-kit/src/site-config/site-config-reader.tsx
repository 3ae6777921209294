import type { getSiteConfigRoute, RouteResponse } from '@shortlist/domain/contract';
import { useEffect } from 'react';
import { useSiteConfig } from './use-site-config';

export type SiteConfig = RouteResponse<typeof getSiteConfigRoute>;

/**
 * Reads how the server runs (GET /api/config) and hands it to the frame; draws nothing. Apps load
 * it lazily, from a module of their own (`lazy(() => import('./site-config-reader'))`), so their
 * shell paints without the query library and the contract's schemas, as the admin's waiting
 * counts do; until it answers, the apps behave as in normal operation.
 */
export function SiteConfigReader({ onRead }: { onRead: (config: SiteConfig) => void }) {
  const site = useSiteConfig();
  useEffect(() => {
    if (site) onRead(site);
  }, [site, onRead]);
  return null;
}
