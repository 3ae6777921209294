import { clearInfluencerSession } from '@shortlist/web-kit';
import { json, stubFetch } from '@shortlist/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer } from '../../testing/api-answers';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  clearInfluencerSession();
  vi.unstubAllGlobals();
});

const rows = () =>
  within(screen.getByRole('table', { name: 'Referred orders' }))
    .getAllByRole('row')
    .slice(1);

describe('orders', () => {
  it('lists the referred orders and filters them by status, kept in the URL', async () => {
    stubFetch(() => json(200, dashboardAnswer()));
    const { router } = await renderApp('/influencer/orders');

    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'completed');

    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('7b3d5e11');
    expect(router.state.location.search).toBe('?status=completed');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'refunded');
    expect(screen.getByRole('heading', { name: 'No orders with this status' })).toBeVisible();
  });

  it('reads the filter from the URL', async () => {
    stubFetch(() => json(200, dashboardAnswer()));
    await renderApp('/influencer/orders?status=pending');

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
  });

  it('shows the failure with Retry', async () => {
    stubFetch(() => json(403, { message: 'Forbidden' }));
    await renderApp('/influencer/orders');

    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
