import { LoadingState } from '@shortlist/web-kit';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { basename } from '../shared/paths';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';

export { basename };

/**
 * A screen in a chunk of its own, fetched when it is first shown: the first load carries the
 * shell, the guard and the landing screen, not every screen. The shell stays drawn meanwhile.
 */
function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
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
        element: lazyScreen(() => import('../features/orders/orders-screen'), 'OrdersScreen'),
      },
      {
        path: 'users',
        element: lazyScreen(() => import('../features/users/users-screen'), 'UsersScreen'),
      },
      {
        path: 'queries',
        element: lazyScreen(
          () => import('../features/support-queries/support-queries-screen'),
          'SupportQueriesScreen',
        ),
      },
      {
        path: 'influencers',
        element: lazyScreen(
          () => import('../features/influencers/influencers-screen'),
          'InfluencersScreen',
        ),
      },
      {
        path: 'influencer-queries',
        element: lazyScreen(
          () => import('../features/influencer-queries/influencer-queries-screen'),
          'InfluencerQueriesScreen',
        ),
      },
      {
        path: 'influencer-payouts',
        element: lazyScreen(
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
