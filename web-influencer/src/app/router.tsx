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

export const routes: RouteObject[] = [
  { path: paths.login, element: <LoginScreen /> },
  {
    element: <InfluencerLayout />,
    children: [
      { index: true, element: <DashboardScreen /> },
      {
        path: paths.statement,
        element: lazyScreen(
          paths.statement,
          () => import('../features/statement/statement-screen'),
          'StatementScreen',
        ),
      },
      {
        path: paths.orders,
        element: lazyScreen(
          paths.orders,
          () => import('../features/orders/orders-screen'),
          'OrdersScreen',
        ),
      },
      {
        path: paths.queries,
        element: lazyScreen(
          paths.queries,
          () => import('../features/queries/queries-screen'),
          'QueriesScreen',
        ),
      },
      {
        path: paths.payouts,
        element: lazyScreen(
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
