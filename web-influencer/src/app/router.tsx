import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { LoginScreen } from '../features/login/login-screen';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { OrdersScreen } from '../features/orders/orders-screen';
import { PayoutsScreen } from '../features/payouts/payouts-screen';
import { QueriesScreen } from '../features/queries/queries-screen';
import { StatementScreen } from '../features/statement/statement-screen';
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
      { path: paths.statement, element: <StatementScreen /> },
      { path: paths.orders, element: <OrdersScreen /> },
      { path: paths.queries, element: <QueriesScreen /> },
      { path: paths.payouts, element: <PayoutsScreen /> },
    ],
  },
  { path: '*', element: <NotFoundScreen /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
