import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { paths } from '../shared/paths';

// Loaded only when the flag is on: an ordinary build never shows it, so its first load skips it.
const MaintenanceScreen = lazy(async () => ({
  default: (await import('../features/maintenance/maintenance-screen')).MaintenanceScreen,
}));

/** SPEC §2: only these stay reachable while the maintenance flag is on. */
const REACHABLE_IN_MAINTENANCE: readonly string[] = [paths.influencerKit, paths.maintenance];

export function MaintenanceGate({ enabled }: { enabled: boolean }) {
  const { pathname } = useLocation();
  const reachable = REACHABLE_IN_MAINTENANCE.includes(pathname.replace(/\/+$/, '') || '/');
  return enabled && !reachable ? (
    <Suspense fallback={null}>
      <MaintenanceScreen />
    </Suspense>
  ) : (
    <Outlet />
  );
}
