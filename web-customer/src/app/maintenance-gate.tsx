import { Outlet, useLocation } from 'react-router-dom';
import { MaintenanceScreen } from '../features/maintenance/maintenance-screen';
import { paths } from '../shared/paths';

/** SPEC §2: only these stay reachable while the maintenance flag is on. */
const REACHABLE_IN_MAINTENANCE: readonly string[] = [paths.influencerKit, paths.maintenance];

export function MaintenanceGate({ enabled }: { enabled: boolean }) {
  const { pathname } = useLocation();
  const reachable = REACHABLE_IN_MAINTENANCE.includes(pathname.replace(/\/+$/, '') || '/');
  return enabled && !reachable ? <MaintenanceScreen /> : <Outlet />;
}
