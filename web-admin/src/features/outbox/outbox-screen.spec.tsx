import { clearSession } from '@shortlist/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, json, renderAdmin, stubApi } from '../../testing/render-admin';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const reset = {
  id: 'm-1',
  to: 'asha@example.com',
  subject: 'Reset your Shortlist password',
  sentAt: '2026-11-26T00:10:00.000Z',
};
const mail = {
  ...reset,
  from: 'Shortlist <support@shortlist.example>',
  text: 'Open http://localhost:3000/forgot?token=abc to choose a new password.',
  html: '<p>Open the <a href="http://localhost:3000/forgot?token=abc">reset link</a>.</p><script>parent.hacked = true</script>',
};

function api() {
  return stubApi(({ path }) => {
    if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
    if (path.startsWith('/admin/outbox/m-1/content')) return json(200, { item: mail });
    if (path.startsWith('/admin/outbox')) return json(200, { items: [reset], total: 1 });
    return undefined;
  });
}

describe('Outbox', () => {
  it('lists the mail newest first and searches by recipient, kept in the URL', async () => {
    const seen = api();
    const { router } = renderAdmin('/outbox');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(await within(table).findByText('Reset your Shortlist password')).toBeVisible();
    expect(within(table).getByText('To asha@example.com')).toBeVisible();
    expect(seen.some((request) => request.path === '/admin/outbox?page=1&limit=50')).toBe(true);

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search by recipient' }),
      'asha{Enter}',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?q=asha'));
    await waitFor(() =>
      expect(seen.some((request) => request.path === '/admin/outbox?q=asha&page=1&limit=50')).toBe(
        true,
      ),
    );
  });

  it('opens a mail in a drawer: headers, its HTML in a frame that runs nothing, its text', async () => {
    api();
    const { router } = renderAdmin('/outbox');
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Open “Reset your Shortlist password” to asha@example.com',
      }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Mail' });
    expect(router.state.location.search).toBe('?mail=m-1');
    expect(await within(drawer).findByText('Shortlist <support@shortlist.example>')).toBeVisible();
    const frame = within(drawer).getByTitle('HTML part of “Reset your Shortlist password”');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('reset link');

    await userEvent.click(within(drawer).getByRole('button', { name: 'Plain text' }));
    expect(within(drawer).getByText(mail.text)).toBeVisible();
    expect(within(drawer).queryByTitle(/^HTML part/)).toBeNull();
  });

  it('opens the mail a link names (a reply’s Preview)', async () => {
    api();
    renderAdmin('/outbox?mail=m-1');
    const drawer = await screen.findByRole('dialog', { name: 'Mail' });
    expect(await within(drawer).findByText('Reset your Shortlist password')).toBeVisible();
  });
});
