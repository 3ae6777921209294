import { clearSession } from '@shortlist/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, json, renderAdmin, stubApi } from '../../testing/render-admin';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const item = {
  _id: 'iq-1',
  subject: 'General Issue',
  message: 'My link does not credit.',
  status: 'open',
  influencerId: { _id: 'inf-1', name: 'Priya' },
  replies: [],
  createdAt: '2025-11-20T10:00:00.000Z',
};

function api(overrides: (method: string) => Response | undefined = () => undefined) {
  return stubApi(({ method, path }) => {
    const own = overrides(method);
    if (own) return own;
    if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
    if (path.startsWith('/admin/influencer-queries'))
      return json(200, { ok: true, items: [item], total: 1 });
    return undefined;
  });
}

describe('Influencer queries', () => {
  it('asks the server for a page with the search and status from the URL, and pages on', async () => {
    const seen = stubApi(({ path }) => {
      if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
      if (path.startsWith('/admin/influencer-queries'))
        return json(200, { ok: true, items: [item], total: 120 });
      return undefined;
    });
    const { router } = renderAdmin('/influencer-queries?q=link&status=open');
    expect(await screen.findByText('My link does not credit.')).toBeVisible();
    const lists = () =>
      seen.filter((request) => request.path.startsWith('/admin/influencer-queries?'));
    expect(lists()[0]?.path).toBe('/admin/influencer-queries?q=link&status=open&page=1&limit=50');
    expect(screen.getByLabelText('Search influencer queries')).toHaveValue('link');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    await waitFor(() =>
      expect(lists().at(-1)?.path).toBe(
        '/admin/influencer-queries?q=link&status=open&page=2&limit=50',
      ),
    );

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'resolved');
    await waitFor(() =>
      expect(lists().at(-1)?.path).toBe(
        '/admin/influencer-queries?q=link&status=resolved&page=1&limit=50',
      ),
    );
  });

  it('replies with resolved by default, or the status picked', async () => {
    const seen = api((method) =>
      method === 'PUT'
        ? json(200, { ok: true, message: 'Reply sent.', item: { ...item, status: 'in_progress' } })
        : undefined,
    );
    renderAdmin('/influencer-queries');
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Priya' }));
    const dialog = screen.getByRole('dialog', { name: 'Reply to Priya' });
    expect(within(dialog).getByLabelText('Status after the reply')).toHaveValue('resolved');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(within(dialog).getByText('Please write a reply.')).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText('Reply'), 'Fixed now.');
    await userEvent.selectOptions(
      within(dialog).getByLabelText('Status after the reply'),
      'in_progress',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reply sent.'));
    expect(seen.find((request) => request.method === 'PUT')).toMatchObject({
      path: '/admin/influencer-queries/iq-1/reply',
      body: { reply: 'Fixed now.', status: 'in_progress' },
    });
  });

  it("says 'Failed to send reply' when the reply fails", async () => {
    api((method) => (method === 'PUT' ? json(500, {}) : undefined));
    renderAdmin('/influencer-queries');
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Priya' }));
    const dialog = screen.getByRole('dialog', { name: 'Reply to Priya' });
    await userEvent.type(within(dialog).getByLabelText('Reply'), 'Fixed now.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Failed to send reply'),
    );
  });
});
