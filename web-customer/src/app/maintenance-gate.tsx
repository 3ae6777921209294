import { type SiteConfig, siteConfigInPage } from '@shortlist/web-kit';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { paths } from '../shared/paths';
import { SiteConfigFallback } from './site-config-fallback';

// Loaded only when maintenance is on: an ordinary visit never shows it, so its first load skips it.
const MaintenanceScreen = lazy(async () => ({
  default: (await import('../features/maintenance/maintenance-screen')).MaintenanceScreen,
}));

/** SPEC §2: only these stay reachable while the maintenance flag is on. */
const REACHABLE_IN_MAINTENANCE: readonly string[] = [paths.influencerKit, paths.maintenance];

/**
 * On when the build says so (VITE_MAINTENANCE) or the server does (MAINTENANCE=true, told by
 * GET /api/config): an operator turns it on with a restart, no rebuild.
 */
export function MaintenanceGate({ enabled }: { enabled: boolean }) {
  const { pathname } = useLocation();
  const [site, setSite] = useState<SiteConfig | undefined>(siteConfigInPage);
  const on = enabled || site?.maintenance === true;
  const reachable = REACHABLE_IN_MAINTENANCE.includes(pathname.replace(/\/+$/, '') || '/');
  return (
    <>
      <SiteConfigFallback site={site} onRead={setSite} />
      {on && !reachable ? (
        <Suspense fallback={null}>
          <MaintenanceScreen />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </>
  );
}
