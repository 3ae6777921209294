import { LoadingState } from '@shortlist/web-kit';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { LoginScreen } from '../features/login/login-screen';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { paths } from '../shared/paths';
import { InfluencerLayout } from './influencer-layout';

/** Must match `base` in vite.config.ts: the server mounts this build at /influencer/. */
export const basename = '/influencer';

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

export const routes: RouteObject[] = [
  { path: paths.login, element: <LoginScreen /> },
  {
    element: <InfluencerLayout />,
    children: [
      { index: true, element: <DashboardScreen /> },
      {
        path: paths.statement,
        element: lazyScreen(
          () => import('../features/statement/statement-screen'),
          'StatementScreen',
        ),
      },
      {
        path: paths.orders,
        element: lazyScreen(() => import('../features/orders/orders-screen'), 'OrdersScreen'),
      },
      {
        path: paths.queries,
        element: lazyScreen(() => import('../features/queries/queries-screen'), 'QueriesScreen'),
      },
      {
        path: paths.payouts,
        element: lazyScreen(() => import('../features/payouts/payouts-screen'), 'PayoutsScreen'),
      },
    ],
  },
  { path: '*', element: <NotFoundScreen /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
