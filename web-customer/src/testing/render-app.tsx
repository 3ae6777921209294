import { getSiteConfigRoute, type SiteConfig } from '@shortlist/domain/contract';
import {
  apiQueryKey,
  clearSession,
  createQueryClient,
  type SessionUser,
  saveSession,
} from '@shortlist/web-kit';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/app-providers';
import { basename, createRoutes } from '../app/router';

export const customer: SessionUser = {
  id: 'u-42',
  email: 'asha@example.com',
  name: 'Asha',
  role: 'user',
};
export const admin: SessionUser = {
  id: 'u-1',
  email: 'boss@example.com',
  name: 'Dev',
  role: 'Admin',
};

/**
 * The whole customer app in memory at `path`, optionally signed in and in maintenance mode
 * (`maintenance`: the build's flag; `site`: what the server's GET /api/config says, by default
 * normal operation, already in the cache so no spec sees that call among its requests).
 * Resolves once the route's lazy chunk has loaded and the screen is drawn.
 */
export async function renderApp(
  path: string,
  {
    user,
    maintenance = false,
    site = { maintenance: false, paymentsSimulated: false },
  }: { user?: SessionUser; maintenance?: boolean; site?: SiteConfig } = {},
) {
  clearSession();
  if (user) saveSession({ token: `token-${user.id}`, user });
  const router = createMemoryRouter(createRoutes({ maintenance }), {
    initialEntries: [path],
    basename,
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(apiQueryKey(getSiteConfigRoute, {}), site);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await waitFor(
    () => {
      // Every screen has one h1; a guard's redirect has none until the target screen is drawn.
      const ready =
        router.state.initialized &&
        router.state.navigation.state === 'idle' &&
        document.querySelector('h1') !== null;
      if (!ready) throw new Error('still loading the route');
      // A lazy chunk is transformed on first import; under a full parallel run that can take seconds.
    },
    { timeout: 10_000 },
  );
  return { ...view, router };
}

/**
 * The app's cache settings, but a failed read is not tried again: a spec's stub answers the same
 * way every time, so a retry would only delay the error state it checks (the retry rule has its
 * own tests in web-kit).
 */
function testQueryClient() {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return queryClient;
}
