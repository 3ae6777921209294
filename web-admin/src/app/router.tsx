import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { PayoutsScreen } from '../features/influencer-payouts/payouts-screen';
import { InfluencerQueriesScreen } from '../features/influencer-queries/influencer-queries-screen';
import { InfluencersScreen } from '../features/influencers/influencers-screen';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { OrdersScreen } from '../features/orders/orders-screen';
import { SupportQueriesScreen } from '../features/support-queries/support-queries-screen';
import { UsersScreen } from '../features/users/users-screen';
import { basename } from '../shared/paths';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';

export { basename };

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
      { path: 'orders', element: <OrdersScreen /> },
      { path: 'users', element: <UsersScreen /> },
      { path: 'queries', element: <SupportQueriesScreen /> },
      { path: 'influencers', element: <InfluencersScreen /> },
      { path: 'influencer-queries', element: <InfluencerQueriesScreen /> },
      { path: 'influencer-payouts', element: <PayoutsScreen /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
