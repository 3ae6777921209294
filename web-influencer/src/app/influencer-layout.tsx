import {
  clearInfluencerSession,
  StaffShell,
  useClearApiCache,
  useInfluencerSession,
} from '@shortlist/web-kit';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../shared/messages';
import { paths } from '../shared/paths';

const nav = messages.nav;

const NAV_ITEMS = [
  { to: paths.dashboard, label: nav.dashboard, end: true },
  { to: paths.statement, label: nav.statement },
  { to: paths.orders, label: nav.orders },
  { to: paths.queries, label: nav.queries },
  { to: paths.payouts, label: nav.payouts },
] as const;

/**
 * The signed-in area: without an influencer session every page goes to the login, which says
 * why (SPEC §8 'Please log in to view your dashboard.'). The API still decides on each call.
 */
export function InfluencerLayout() {
  const session = useInfluencerSession();
  const location = useLocation();
  const navigate = useNavigate();
  const clearApiCache = useClearApiCache();

  if (session === null) {
    return (
      <Navigate to={paths.login} replace state={{ reason: 'noToken', from: location.pathname }} />
    );
  }

  // SPEC §4: logout clears the influencer's token and name and goes to the login.
  const logout = () => {
    clearInfluencerSession();
    clearApiCache();
    navigate(paths.login, { replace: true });
  };

  return (
    <StaffShell
      brandLabel={messages.area}
      navItems={NAV_ITEMS}
      user={{ name: session.name, email: session.email }}
      onLogout={logout}
      labels={{ logout: nav.logout }}
    >
      <Outlet />
    </StaffShell>
  );
}
