import { clearSession, readSession } from '@shortlist/web-kit';
import { json, requestsOf, stubFetch } from '@shortlist/web-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const user = { id: 'u-7', email: 'asha@example.com', name: 'Asha', role: 'user' };
const signedIn = () => json(200, { token: 'jwt-1', user, message: 'Logged in' });

async function fillAndSubmit(email: string, password: string) {
  if (email) await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login', () => {
  it('needs both fields before calling the API', async () => {
    const fetchMock = stubFetch(signedIn);
    await renderApp('/login');

    await fillAndSubmit('asha@example.com', '');

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter email and password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server message, else the SPEC fallback', async () => {
    stubFetch(() => json(401, { message: 'Invalid email or password.' }));
    await renderApp('/login');
    await fillAndSubmit('asha@example.com', 'wrong-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');

    stubFetch(() => json(500, {}));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Login failed. Please check your credentials.',
      ),
    );
  });

  it('trims and lower-cases the e-mail, keeps the session in session storage and goes to /home', async () => {
    const fetchMock = stubFetch(signedIn);
    const { router } = await renderApp('/login');

    await fillAndSubmit('  Asha@Example.COM ', 'secret-pass');

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(requestsOf(fetchMock)[0]?.body).toEqual({
      email: 'asha@example.com',
      password: 'secret-pass',
    });
    expect(sessionStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(readSession().user?.name).toBe('Asha');
  });

  it('Remember me keeps the session in local storage', async () => {
    stubFetch(signedIn);
    const { router } = await renderApp('/login');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await fillAndSubmit('asha@example.com', 'secret-pass');

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('returns to a same-site next path', async () => {
    stubFetch(signedIn);
    const next = encodeURIComponent('/orders?from=login');
    const { router } = await renderApp(`/login?next=${next}`);
    await fillAndSubmit('asha@example.com', 'secret-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(router.state.location.search).toBe('?from=login');
  });

  it('goes back to an admin page with a full page load, and says why it asked again', async () => {
    stubFetch(signedIn);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const next = encodeURIComponent('/admin/queries?q=asha');
    await renderApp(`/login?next=${next}&expired=1`);
    expect(screen.getByText('Your session has ended. Please log in again.')).toBeVisible();

    await fillAndSubmit('asha@example.com', 'secret-pass');

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/queries?q=asha'));
    vi.unstubAllGlobals();
  });

  it('ignores a next path that leaves the site', async () => {
    stubFetch(signedIn);
    const { router } = await renderApp(`/login?next=${encodeURIComponent('//evil.example/x')}`);
    await fillAndSubmit('asha@example.com', 'secret-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('links to /forgot and /register and shows six slides', async () => {
    stubFetch(signedIn);
    await renderApp('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    const carousel = screen.getByRole('region', { name: 'Why Shortlist' });
    expect(carousel.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(6);
  });
});
