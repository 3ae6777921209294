import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { HomeScreen } from '../screens/home/home-screen';
import { NotFoundScreen } from '../screens/not-found/not-found-screen';
import { AppLayout } from './app-layout';

/** Must match `base` in vite.config.ts: the server mounts this build at /influencer/. */
export const basename = '/influencer';

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeScreen /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename });
}
