import { lazyStaffScreen } from '@shortlist/web-kit';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { prefetchDashboardReads } from '../features/dashboard/dashboard-reads';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { paths } from '../shared/paths';
import { InfluencerLayout } from './influencer-layout';

/** Must match `base` in vite.config.ts: the server mounts this build at /influencer/. */
export const basename = '/influencer';

/**
 * Every screen, the dashboard and the login too, is a chunk of its own: each reads or writes
 * through the query cache and parses with the contract's schemas, which load with it, so the
 * first load is the frame alone. The server names the screen's chunks in the page it opens at
 * (vite.config.ts `routes`), so they download beside the entry.
 */
export const routes: RouteObject[] = [
  {
    path: paths.login,
    element: lazyStaffScreen(
      basename,
      paths.login,
      () => import('../features/login/login-screen'),
      'LoginScreen',
    ),
  },
  {
    element: <InfluencerLayout />,
    children: [
      {
        index: true,
        element: lazyStaffScreen(
          basename,
          paths.dashboard,
          () => import('../features/dashboard/dashboard-screen'),
          'DashboardScreen',
          prefetchDashboardReads,
        ),
      },
      {
        path: paths.statement,
        element: lazyStaffScreen(
          basename,
          paths.statement,
          () => import('../features/statement/statement-screen'),
          'StatementScreen',
        ),
      },
      {
        path: paths.orders,
        element: lazyStaffScreen(
          basename,
          paths.orders,
          () => import('../features/orders/orders-screen'),
          'OrdersScreen',
        ),
      },
      {
        path: paths.queries,
        element: lazyStaffScreen(
          basename,
          paths.queries,
          () => import('../features/queries/queries-screen'),
          'QueriesScreen',
        ),
      },
      {
        path: paths.payouts,
        element: lazyStaffScreen(
          basename,
          paths.payouts,
          () => import('../features/payouts/payouts-screen'),
          'PayoutsScreen',
        ),
      },
    ],
  },
  { path: '*', element: <NotFoundScreen /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
