import { clearSession, readToken } from '@shortlist/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  dashboardAnswer,
  json,
  renderAdmin,
  stubApi,
  watchLeaving,
} from '../testing/render-admin';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const answers = (path: string) => {
  if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
  if (path.startsWith('/admin/stats')) return json(200, { users: 12, resumes: 4 });
  return undefined;
};

describe('admin guard', () => {
  it('sends a signed-out visitor to the customer login, coming back to this page', async () => {
    stubApi(({ path }) => answers(path));
    const leave = watchLeaving();
    renderAdmin('/queries?q=asha', { user: null });

    await waitFor(() =>
      expect(leave).toHaveBeenCalledWith(
        `/login?next=${encodeURIComponent('/admin/queries?q=asha')}`,
      ),
    );
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('sends a signed-in customer to /home', async () => {
    stubApi(({ path }) => answers(path));
    const leave = watchLeaving();
    renderAdmin('/', { user: { ...adminUser, role: 'user' } });

    await waitFor(() => expect(leave).toHaveBeenCalledWith('/home'));
  });

  it('lets an admin in whatever the case of the role, with the dashboard counts', async () => {
    stubApi(({ path }) => answers(path));
    renderAdmin('/', { user: { ...adminUser, role: 'ADMIN' } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const overdue = await screen.findByRole('link', { name: /1 Orders past the 48-hour promise/ });
    expect(overdue).toHaveAttribute('href', '/admin/orders?overdue=1');
    expect(screen.getByRole('link', { name: '3 Open contact queries' })).toHaveAttribute(
      'href',
      '/admin/queries',
    );
    expect(screen.getByRole('link', { name: '1 Payouts requested' })).toHaveAttribute(
      'href',
      '/admin/influencer-payouts?status=requested',
    );
    expect(await screen.findByRole('link', { name: '12 Users' })).toBeVisible();
    const nav = screen.getAllByRole('navigation', { name: 'Admin navigation' })[0];
    if (!nav) throw new Error('no navigation');
    expect(within(nav).getByRole('link', { name: 'Queries 3 waiting' })).toBeVisible();
  });

  it("shows 'Failed to load stats' with a Retry that loads again", async () => {
    let fail = true;
    stubApi(({ path }) =>
      path.startsWith('/admin/stats') && fail ? json(500, {}) : answers(path),
    );
    renderAdmin('/');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load stats');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: '12 Users' })).toBeVisible();
  });

  it('an expired or revoked token (401) goes back to login with a notice', async () => {
    stubApi(({ path }) =>
      path.startsWith('/admin/users') ? json(401, { message: 'Unauthorized' }) : answers(path),
    );
    const leave = watchLeaving();
    renderAdmin('/users');

    await waitFor(() => expect(leave).toHaveBeenCalledOnce());
    expect(leave.mock.calls[0]?.[0]).toMatch(/^\/login\?next=.*&expired=1$/);
    expect(readToken()).toBeNull();
  });

  it('Logout calls the logout endpoint, clears the session and goes to /login', async () => {
    const seen = stubApi(({ path }) =>
      path === '/auth/logout' ? json(200, { message: 'Logged out' }) : answers(path),
    );
    const leave = watchLeaving();
    renderAdmin('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(leave).toHaveBeenCalledWith('/login'));
    expect(
      seen.some((request) => request.method === 'POST' && request.path === '/auth/logout'),
    ).toBe(true);
    expect(readToken()).toBeNull();
  });

  it('shows the 404 screen with the unmatched path', async () => {
    stubApi(({ path }) => answers(path));
    renderAdmin('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByText('/admin/no-such-page')).toBeVisible();
  });
});

describe('how the server runs', () => {
  it('says that payments are simulated and that maintenance is on', async () => {
    stubApi(({ path }) => answers(path));
    renderAdmin('/', { site: { maintenance: true, paymentsSimulated: true } });
    const notes = await screen.findAllByRole('note');
    expect(notes.map((note) => note.textContent)).toEqual([
      'Maintenance mode is on: customers see only the maintenance screen.',
      'Test mode: payments are simulated by the local sandbox, so no money moves. Set the Razorpay keys to take real payments.',
    ]);
  });

  it('says nothing in normal operation', async () => {
    stubApi(({ path }) => answers(path));
    renderAdmin('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
