import { lazyStaffScreen } from '@shortlist/web-kit';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { LoginScreen } from '../features/login/login-screen';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { paths } from '../shared/paths';
import { InfluencerLayout } from './influencer-layout';

/** Must match `base` in vite.config.ts: the server mounts this build at /influencer/. */
export const basename = '/influencer';

export const routes: RouteObject[] = [
  { path: paths.login, element: <LoginScreen /> },
  {
    element: <InfluencerLayout />,
    children: [
      { index: true, element: <DashboardScreen /> },
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
