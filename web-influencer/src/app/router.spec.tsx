import {
  clearInfluencerSession,
  clearSession,
  readInfluencerSession,
  readSession,
  saveSession,
} from '@shortlist/web-kit';
import { json, stubFetch } from '@shortlist/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartAnswer, dashboardAnswer } from '../testing/api-answers';
import { renderApp } from '../testing/render-app';

afterEach(() => {
  clearInfluencerSession();
  clearSession();
  vi.unstubAllGlobals();
});

const stubApi = () =>
  stubFetch(({ path }) =>
    path.startsWith('/api/influencer/referral-chart')
      ? json(200, chartAnswer())
      : json(200, dashboardAnswer()),
  );

describe('influencer app routes', () => {
  it('sends a visitor without an influencer session to the login, saying why', async () => {
    stubApi();
    const { router } = await renderApp('/influencer/payouts', { signedIn: false });

    expect(router.state.location.pathname).toBe('/influencer/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Influencer login' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Please log in to view your dashboard.');
  });

  it('frames signed-in screens with the navigation and the person', async () => {
    stubApi();
    await renderApp('/influencer/');

    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0];
    if (!nav) throw new Error('no navigation');
    for (const name of ['Dashboard', 'Statement', 'Orders', 'Queries', 'Payouts']) {
      expect(within(nav).getByRole('link', { name })).toBeVisible();
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getAllByText('Riya Sen').length).toBeGreaterThan(0);
  });

  it('logs out to the login, leaving a customer session in the same browser alone', async () => {
    stubApi();
    saveSession({
      token: 'customer-token',
      user: { id: 'u-1', email: 'asha@example.com', name: 'Asha', role: 'user' },
    });
    const { router } = await renderApp('/influencer/');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/influencer/login'));
    expect(readInfluencerSession()).toBeNull();
    expect(readSession().token).toBe('customer-token');
  });

  it('shows the 404 screen with the full unmatched path', async () => {
    await renderApp('/influencer/no-such-page');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByText('/influencer/no-such-page')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/influencer',
    );
    expect(document.title).toBe('Page not found · Shortlist Influencer');
  });
});
