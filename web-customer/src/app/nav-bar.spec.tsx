import { clearSession, readSession } from '@shortlist/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, customer, renderApp } from '../testing/render-app';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('navigation bar (SPEC §2)', () => {
  it('signed out: Home, About, Contact, Login and Sign up', async () => {
    await renderApp('/about');

    expect(navLinks()).toEqual([
      ['Home', '/home'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Login', '/login'],
      ['Sign up', '/register'],
    ]);
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('signed in: the customer links and Logout, no Admin', async () => {
    await renderApp('/', { user: customer });

    expect(navLinks()).toEqual([
      ['Home', '/home'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Create Resume', '/createresume'],
      ['Pricing', '/pricing'],
      ['Checkout', '/checkout'],
      ['Orders', '/orders'],
      ['Profile', '/profile'],
    ]);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    // Home is current at / as well as /home.
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('an admin (any case) also gets Admin, a full page link to the admin app', async () => {
    await renderApp('/', { user: admin });

    expect(navLinks()).toContainEqual(['Admin', '/admin']);
  });

  it('Logout calls the API with the token, clears the session and goes to /home', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp('/about', { user: customer });

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    // The logout call's code loads on the click (it is not part of the first page); the frame
    // also reads the site config (GET /api/config) on its own.
    const logoutCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/logout');
    await waitFor(() => expect(logoutCalls()).toHaveLength(1));
    const [, init] = logoutCalls()[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-u-42');
    expect(readSession()).toEqual({ token: null, user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  it('logs out even when the logout call fails', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    await renderApp('/about', { user: customer });

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(readSession().token).toBeNull();
  });

  it('the menu toggle says whether the menu is open, and Escape closes it', async () => {
    await renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });
});
