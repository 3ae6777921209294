import { LoadingState } from '@shortlist/web-kit';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { basename } from '../shared/paths';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';

export { basename };

/** Whether the page was opened at `path` under this app's base (its own address, cold). */
function openedAt(path: string): boolean {
  const relative = path.startsWith('/') ? path : `/${path}`;
  return window.location.pathname.replace(/\/+$/, '') === `${basename}${relative}`;
}

/**
 * A screen in a chunk of its own, fetched when it is first shown: the first load carries the
 * shell, the guard and the landing screen, not every screen. The shell stays drawn meanwhile.
 * When the app opens at the screen's own address, the chunk is requested at once, while the
 * shell renders, instead of once the shell has drawn it.
 */
function lazyScreen<Name extends string>(
  path: string,
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  if (openedAt(path)) load().catch(() => {}); // a failure shows when the screen imports it
  const Screen = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<LoadingState />}>
      <Screen />
    </Suspense>
  );
}

/** SPEC §2 "Admin routes", all behind the guard (session and role admin). */
export const routes: RouteObject[] = [
  {
    element: (
      <AdminGuard>
        <AdminLayout />
      </AdminGuard>
    ),
    children: [
      { index: true, element: <DashboardScreen /> },
      {
        path: 'orders',
        element: lazyScreen(
          'orders',
          () => import('../features/orders/orders-screen'),
          'OrdersScreen',
        ),
      },
      {
        path: 'users',
        element: lazyScreen('users', () => import('../features/users/users-screen'), 'UsersScreen'),
      },
      {
        path: 'queries',
        element: lazyScreen(
          'queries',
          () => import('../features/support-queries/support-queries-screen'),
          'SupportQueriesScreen',
        ),
      },
      {
        path: 'influencers',
        element: lazyScreen(
          'influencers',
          () => import('../features/influencers/influencers-screen'),
          'InfluencersScreen',
        ),
      },
      {
        path: 'influencer-queries',
        element: lazyScreen(
          'influencer-queries',
          () => import('../features/influencer-queries/influencer-queries-screen'),
          'InfluencerQueriesScreen',
        ),
      },
      {
        path: 'influencer-payouts',
        element: lazyScreen(
          'influencer-payouts',
          () => import('../features/influencer-payouts/payouts-screen'),
          'PayoutsScreen',
        ),
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
