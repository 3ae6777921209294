import { clearInfluencerSession, readInfluencerSession } from '@shortlist/web-kit';
import { json, stubFetch } from '@shortlist/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartAnswer, dashboardAnswer, funnelAnswer } from '../../testing/api-answers';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  clearInfluencerSession();
  vi.unstubAllGlobals();
});

function stubDashboard(dashboard: () => Response | Promise<Response>) {
  return stubFetch(({ path }) =>
    path.startsWith('/api/influencer/referral-chart')
      ? json(200, chartAnswer())
      : path.startsWith('/api/influencer/funnel')
        ? json(200, funnelAnswer())
        : dashboard(),
  );
}

const link = 'https://shortlist.test/register?ref=RIYA2025';

describe('dashboard', () => {
  it('shows the funnel per step, week and campaign, and tags the short link', async () => {
    stubDashboard(() => json(200, dashboardAnswer()));
    await renderApp('/influencer/');

    const funnel = await screen.findByRole('region', { name: 'Your funnel, last 12 weeks' });
    expect(await within(funnel).findByTestId('funnel-clicks')).toHaveTextContent('40');
    expect(within(funnel).getByTestId('funnel-registrations')).toHaveTextContent('10');
    expect(within(funnel).getByText('25% of the step before')).toBeVisible();
    expect(within(funnel).getByTestId('funnel-commission')).toHaveTextContent('₹650');
    const campaigns = within(funnel).getByRole('table', { name: 'Funnel per campaign' });
    expect(within(campaigns).getAllByRole('row')[1]).toHaveTextContent('insta-reel');
    expect(within(campaigns).getAllByRole('row')[2]).toHaveTextContent('No tag');

    const link = within(funnel).getByRole('status', { name: 'Short link' });
    expect(link).toHaveTextContent('https://shortlist.test/r/RIYA2025');
    await userEvent.type(within(funnel).getByLabelText(/Campaign tag/), 'Reel-2');
    expect(link).toHaveTextContent('https://shortlist.test/r/RIYA2025?c=reel-2');
    await userEvent.type(within(funnel).getByLabelText(/Campaign tag/), '!');
    expect(within(funnel).getByText(/Use lower-case letters/)).toBeVisible();
  });

  it('shows the figures, the referral link with its QR code and the referred orders', async () => {
    stubDashboard(() =>
      json(
        200,
        dashboardAnswer({
          stats: {
            usersReferred: 3,
            registrations: 3,
            orders: 1,
            balance: 2550,
            eligible: true,
            pending: 0,
            debt: 0,
          },
        }),
      ),
    );
    await renderApp('/influencer/');

    expect(await screen.findByText(link)).toBeVisible();
    const figures = screen.getByRole('region', { name: 'Your figures' });
    expect(within(figures).getByText('Users referred').nextElementSibling).toHaveTextContent('3');
    expect(within(figures).getByText('Balance').nextElementSibling).toHaveTextContent('₹2,550');
    expect(within(figures).getByText('Eligible')).toBeVisible();

    const qr = await screen.findByRole('img', { name: `QR code of your referral link ${link}` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    const table = screen.getByRole('table', { name: 'Referred orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('4f1c2a9e');
    expect(rows[0]).toHaveTextContent('as***@customers.test');
    expect(rows[0]).not.toHaveTextContent('asha@');
    expect(rows[0]).toHaveTextContent('Review');
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent('Completed');
  });

  it('copies the link and says so', async () => {
    stubDashboard(() => json(200, dashboardAnswer()));
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await renderApp('/influencer/');

    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));

    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Link copied!')).toBeVisible();
  });

  it('gives the chart’s numbers to a screen reader as a table', async () => {
    stubDashboard(() => json(200, dashboardAnswer()));
    await renderApp('/influencer/');

    const table = await screen.findByRole('table', {
      name: 'Registrations and rewarded orders per week',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(
      within(rows[11] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '1']);
    expect(screen.getByTestId('referral-chart-svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows an empty orders state before anyone has ordered', async () => {
    stubDashboard(() => json(200, dashboardAnswer({ orders: [] })));
    await renderApp('/influencer/');

    expect(await screen.findByRole('heading', { name: 'No referred orders yet' })).toBeVisible();
  });

  it.each([
    [401, { message: 'Authentication required' }, 'Unauthorized. Please log in again.'],
    [403, { message: 'Forbidden' }, 'Access denied.'],
    [500, { message: 'Internal Server Error' }, 'Server error'],
    [404, {}, 'Failed to load dashboard'],
  ])('answers %i with the SPEC §8 text and a Retry', async (status, body, text) => {
    let fail = true;
    const fetchMock = stubDashboard(() =>
      fail ? json(status, body) : json(200, dashboardAnswer()),
    );
    await renderApp('/influencer/');

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    const calls = fetchMock.mock.calls.length;
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText(link)).toBeVisible();
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
  });

  it('offers a fresh login when the token is refused', async () => {
    stubDashboard(() => json(401, { message: 'Authentication required' }));
    const { router } = await renderApp('/influencer/');

    await userEvent.click(await screen.findByRole('button', { name: 'Log in again' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/influencer/login'));
    expect(readInfluencerSession()).toBeNull();
  });

  it('says Server error when the server cannot be reached', async () => {
    stubDashboard(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderApp('/influencer/');

    expect(await screen.findByRole('alert')).toHaveTextContent('Server error');
  });
});
