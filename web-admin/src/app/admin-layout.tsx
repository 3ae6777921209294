import {
  api,
  clearSession,
  type SiteConfig,
  SiteNotice,
  type StaffNavItem,
  StaffShell,
  siteConfigInPage,
  useSession,
} from '@shortlist/web-kit';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { leaveApp } from '../shared/leave-app';
import { messages } from '../shared/messages';
import { customerLogin, paths } from '../shared/paths';
import { NavIcon } from './nav-icons';
import type { Waiting } from './waiting-counts';

const nav = messages.nav;

// The counts come through the query cache and the contract's schemas, which the screens load
// anyway: read in a module of their own, so the frame draws before either has arrived.
const WaitingCounts = lazy(async () => ({
  default: (await import('./waiting-counts')).WaitingCounts,
}));
const SiteConfigReader = lazy(() => import('./site-config-reader'));

/** The admin frame: side navigation with counts of what waits, the person, Logout. */
export function AdminLayout() {
  const { user } = useSession();
  const [waiting, setWaiting] = useState<Waiting>();
  const [site, setSite] = useState<SiteConfig | undefined>(siteConfigInPage);

  const items: StaffNavItem[] = [
    { to: paths.dashboard, label: nav.dashboard, end: true, icon: <NavIcon name="dashboard" /> },
    {
      to: paths.orders,
      label: nav.orders,
      icon: <NavIcon name="orders" />,
      count: waiting?.overdueOrders,
      countLabel: messages.shell.waiting,
    },
    { to: paths.users, label: nav.users, icon: <NavIcon name="users" /> },
    {
      to: paths.supportQueries,
      label: nav.supportQueries,
      icon: <NavIcon name="supportQueries" />,
      count: waiting?.openQueries,
      countLabel: messages.shell.waiting,
    },
    { to: paths.influencers, label: nav.influencers, icon: <NavIcon name="influencers" /> },
    {
      to: paths.influencerQueries,
      label: nav.influencerQueries,
      icon: <NavIcon name="influencerQueries" />,
      count: waiting?.openInfluencerQueries,
      countLabel: messages.shell.waiting,
    },
    {
      to: paths.influencerPayouts,
      label: nav.influencerPayouts,
      icon: <NavIcon name="payouts" />,
      count: waiting?.payoutsRequested,
      countLabel: messages.shell.waiting,
    },
    { to: paths.outbox, label: nav.outbox, icon: <NavIcon name="outbox" /> },
    { to: paths.rewardRules, label: nav.rewardRules, icon: <NavIcon name="rewardRules" /> },
  ];

  // SPEC §4: logout calls the logout endpoint, clears storage and leaves; a failed call (the
  // token already dead) must not keep anyone signed in here.
  const onLogout = async () => {
    await import('./log-out-on-server')
      .then(({ logOutOnServer }) => logOutOnServer(api))
      .catch(() => undefined);
    clearSession();
    leaveApp(customerLogin);
  };

  return (
    <StaffShell
      brandLabel={messages.area}
      navItems={items}
      user={user ? { name: user.name, email: user.email } : null}
      onLogout={onLogout}
      labels={messages.shell}
    >
      <Suspense fallback={null}>
        <WaitingCounts onRead={setWaiting} />
        <SiteConfigReader onRead={setSite} />
      </Suspense>
      {site?.maintenance ? <SiteNotice inset>{messages.site.maintenance}</SiteNotice> : null}
      {site?.paymentsSimulated ? (
        <SiteNotice inset>{messages.site.paymentsSimulated}</SiteNotice>
      ) : null}
      <Outlet />
    </StaffShell>
  );
}
