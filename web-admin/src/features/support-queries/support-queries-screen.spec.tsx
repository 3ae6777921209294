import { clearSession } from '@shortlist/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, json, renderAdmin, stubApi } from '../../testing/render-admin';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const query = {
  _id: 'q-1',
  id: 'q-1',
  pid: 'u-9',
  email: 'asha@example.com',
  message: 'Where is my resume?',
  status: 'open',
  createdAt: '2025-11-20T10:00:00.000Z',
  replies: [
    {
      at: '2025-11-20T11:00:00.000Z',
      by: 'root@example.com',
      to: 'asha@example.com',
      subject: 'Re: your message to Shortlist',
      body: 'Looking into it.',
      sendOk: false,
      previewUrl: '/api/admin/outbox/m-1',
    },
  ],
};

function api(overrides: (method: string, path: string) => Response | undefined = () => undefined) {
  return stubApi(({ method, path }) => {
    const own = overrides(method, path);
    if (own) return own;
    if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
    if (path.startsWith('/admin/queries/q-1')) return json(200, { item: query });
    if (path.startsWith('/admin/queries')) return json(200, { items: [query], total: 1 });
    return undefined;
  });
}

async function openReply() {
  await userEvent.click(await screen.findByRole('button', { name: 'Reply to asha@example.com' }));
  return screen.findByRole('dialog', { name: 'Reply to query' });
}

describe('Queries', () => {
  it('asks the list newest first, page 1 of 50, with the search from the URL', async () => {
    const seen = api();
    renderAdmin('/queries?q=asha');

    await screen.findByText('Where is my resume?');
    expect(seen.map((request) => request.path)).toContain(
      '/admin/queries?q=asha&page=1&limit=50&sort=-createdAt',
    );
    expect(screen.getByRole('columnheader', { name: /Received/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it("shows 'Failed to load queries' with Retry", async () => {
    api((_, path) => (path.startsWith('/admin/queries?') ? json(500, {}) : undefined));
    renderAdmin('/queries');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load queries');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('shows the history of replies with sent state and preview link', async () => {
    api();
    renderAdmin('/queries');
    const drawer = await openReply();

    expect(await within(drawer).findByText('Looking into it.')).toBeVisible();
    expect(within(drawer).getByText('Not sent')).toBeVisible();
    // The copy opens on the app's own Outbox screen, which reads it with the admin's session.
    expect(within(drawer).getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      '/admin/outbox?mail=m-1',
    );
    expect(within(drawer).getByLabelText('Subject')).toHaveValue('Re: your message to Shortlist');
  });

  it("refuses an empty reply ('Please write a reply.')", async () => {
    const seen = api();
    renderAdmin('/queries');
    const drawer = await openReply();

    await userEvent.click(await within(drawer).findByRole('button', { name: 'Send reply' }));

    expect(within(drawer).getByText('Please write a reply.')).toBeVisible();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it("Send & Close sends close: true and says 'Reply sent.'", async () => {
    const seen = api((method) =>
      method === 'POST'
        ? json(200, {
            message: 'Reply sent.',
            item: { ...query, status: 'closed', replies: [{ ...query.replies[0], sendOk: true }] },
          })
        : undefined,
    );
    renderAdmin('/queries');
    const drawer = await openReply();
    await userEvent.type(await within(drawer).findByLabelText('Message'), '  It ships today.  ');

    await userEvent.click(within(drawer).getByRole('button', { name: 'Send & Close' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reply sent.'));
    expect(seen.find((request) => request.method === 'POST')).toMatchObject({
      path: '/admin/queries/q-1/reply',
      body: { subject: 'Re: your message to Shortlist', body: 'It ships today.', close: true },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reply to query' })).toBeNull(),
    );
  });

  it("says 'Failed to send reply' when sending fails", async () => {
    api((method) => (method === 'POST' ? json(502, {}) : undefined));
    renderAdmin('/queries');
    const drawer = await openReply();
    await userEvent.type(await within(drawer).findByLabelText('Message'), 'Hello');

    await userEvent.click(within(drawer).getByRole('button', { name: 'Send reply' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Failed to send reply'),
    );
  });

  it("deletes after confirming: 'Deleted', else 'Delete failed'", async () => {
    let fail = true;
    api((method) =>
      method === 'DELETE' ? (fail ? json(500, {}) : json(200, { message: 'Deleted' })) : undefined,
    );
    renderAdmin('/queries');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete query from asha@example.com' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this query?' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Delete failed'));
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Deleted'));
  });
});
