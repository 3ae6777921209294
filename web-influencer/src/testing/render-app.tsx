import {
  clearInfluencerSession,
  createQueryClient,
  type InfluencerSession,
  saveInfluencerSession,
} from '@shortlist/web-kit';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/app-providers';
import { basename, routes } from '../app/router';

export const influencer: InfluencerSession = {
  token: 'influencer-token',
  id: 'inf-1',
  name: 'Riya Sen',
  email: 'riya@influencers.test',
};

/** The whole influencer app in memory at `path` (under /influencer), signed in unless told. */
export async function renderApp(path: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  clearInfluencerSession();
  if (signedIn) saveInfluencerSession(influencer);
  const router = createMemoryRouter(routes, { initialEntries: [path], basename });
  const view = render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await waitFor(() => {
    if (document.querySelector('h1') === null) throw new Error('no screen yet');
  });
  return { ...view, router };
}

/** A failed read is not tried again: a stub answers the same way every time. */
function testQueryClient() {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return queryClient;
}
