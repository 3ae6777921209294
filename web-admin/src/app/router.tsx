import { lazyStaffScreen } from '@shortlist/web-kit';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { basename, paths } from '../shared/paths';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';

export { basename };

/**
 * SPEC §2 "Admin routes", all behind the guard (session and role admin). Every screen, the
 * dashboard too, is a chunk of its own: each reads through the query cache and parses with the
 * contract's schemas, which load with it, so the first load is the frame alone. The server names
 * the screen's chunks in the page it opens at (vite.config.ts `routes`), so they download beside
 * the entry.
 */
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
      {
        index: true,
        element: lazyStaffScreen(
          basename,
          paths.dashboard,
          () => import('../features/dashboard/dashboard-screen'),
          'DashboardScreen',
        ),
      },
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
      {
        path: 'reward-rules',
        element: lazyStaffScreen(
          basename,
          'reward-rules',
          () => import('../features/reward-rules/reward-rules-screen'),
          'RewardRulesScreen',
        ),
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
