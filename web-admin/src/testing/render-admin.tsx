// Component-test helpers for the admin app: a fetch stand-in answering by method and path, and
// the app rendered at a path with a signed-in admin. Imported by specs only.
import { getSiteConfigRoute, type SiteConfig } from '@shortlist/domain/contract';
import { apiQueryKey, saveSession } from '@shortlist/web-kit';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../app/app-providers';
import { createAdminQueryClient } from '../app/query-client';
import { basename, routes } from '../app/router';
import { resetLeaving } from '../shared/leave-app';

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface StubRequest {
  method: string;
  /** Path and query, without the /api prefix. */
  path: string;
  body: unknown;
}

/** Replaces global fetch; `answer` returns the response, or undefined for a 404. */
export function stubApi(answer: (request: StubRequest) => Response | undefined) {
  const seen: StubRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const raw = typeof init?.body === 'string' ? init.body : null;
      const request = {
        method: init?.method ?? 'GET',
        path: String(input).replace(/^\/api/, ''),
        body: raw === null ? null : JSON.parse(raw),
      };
      seen.push(request);
      return answer(request) ?? json(404, { message: 'Not found' });
    }),
  );
  return seen;
}

export const adminUser = {
  id: 'a-1',
  email: 'root@example.com',
  name: 'Root Admin',
  role: 'Admin',
};

/** Where the app sent the browser with a full page load (the login, /home). */
export function watchLeaving() {
  resetLeaving();
  const assign = vi.fn<(url: string) => void>();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

/** `site`: what GET /api/config says, in the cache from the start (normal operation unless said). */
export function renderAdmin(
  path: string,
  {
    user = adminUser as typeof adminUser | null,
    site = { maintenance: false, paymentsSimulated: false } as SiteConfig,
  } = {},
) {
  if (user) saveSession({ token: 'jwt-admin', user });
  const router = createMemoryRouter(routes, { initialEntries: [`${basename}${path}`], basename });
  const queryClient = createAdminQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  queryClient.setQueryData(apiQueryKey(getSiteConfigRoute, {}), site);
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router };
}

/** The dashboard's counts, for the layout's navigation badges. */
export const dashboardAnswer = {
  orders: { pending: 2, processing: 1 },
  overdueOrders: 1,
  openQueries: 3,
  openInfluencerQueries: 0,
  payoutsRequested: 1,
};
