import { lazyStaffScreen } from '@shortlist/web-kit';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { basename } from '../shared/paths';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';

export { basename };

/** SPEC §2 "Admin routes", all behind the guard (session and role admin). */
export const routes: RouteObject[] = [
  // Outside the guard: it makes the first admin, when nobody can sign in as one yet.
  {
    path: 'setup',
    element: lazyStaffScreen(
      basename,
      'setup',
      () => import('../features/setup/first-admin-screen'),
      'FirstAdminScreen',
    ),
  },
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
        element: lazyStaffScreen(
          basename,
          'orders',
          () => import('../features/orders/orders-screen'),
          'OrdersScreen',
        ),
      },
      {
        path: 'users',
        element: lazyStaffScreen(
          basename,
          'users',
          () => import('../features/users/users-screen'),
          'UsersScreen',
        ),
      },
      {
        path: 'queries',
        element: lazyStaffScreen(
          basename,
          'queries',
          () => import('../features/support-queries/support-queries-screen'),
          'SupportQueriesScreen',
        ),
      },
      {
        path: 'influencers',
        element: lazyStaffScreen(
          basename,
          'influencers',
          () => import('../features/influencers/influencers-screen'),
          'InfluencersScreen',
        ),
      },
      {
        path: 'influencer-queries',
        element: lazyStaffScreen(
          basename,
          'influencer-queries',
          () => import('../features/influencer-queries/influencer-queries-screen'),
          'InfluencerQueriesScreen',
        ),
      },
      {
        path: 'influencer-payouts',
        element: lazyStaffScreen(
          basename,
          'influencer-payouts',
          () => import('../features/influencer-payouts/payouts-screen'),
          'PayoutsScreen',
        ),
      },
      {
        path: 'outbox',
        element: lazyStaffScreen(
          basename,
          'outbox',
          () => import('../features/outbox/outbox-screen'),
          'OutboxScreen',
        ),
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
