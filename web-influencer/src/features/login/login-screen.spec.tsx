import {
  clearInfluencerSession,
  clearSession,
  readInfluencerSession,
  readSession,
  saveSession,
} from '@shortlist/web-kit';
import { json, requestsOf, type StubRequest, stubFetch } from '@shortlist/web-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartAnswer, dashboardAnswer } from '../../testing/api-answers';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  clearInfluencerSession();
  clearSession();
  vi.unstubAllGlobals();
});

const loginAnswer = {
  ok: true,
  token: 'fresh-token',
  influencer: { id: 'inf-9', name: 'Riya Sen', email: 'riya@influencers.test' },
};

function stubLogin(login: (request: StubRequest) => Response) {
  return stubFetch((request) => {
    if (request.path === '/api/influencer/login') return login(request);
    if (request.path.startsWith('/api/influencer/referral-chart')) return json(200, chartAnswer());
    return json(200, dashboardAnswer());
  });
}

async function fillIn(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('influencer login', () => {
  it('asks for both fields, then for a password of at least 8, without calling the API', async () => {
    const fetchMock = stubLogin(() => json(200, loginAnswer));
    await renderApp('/influencer/login', { signedIn: false });

    await fillIn('', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter email and password');

    await fillIn('riya@influencers.test', 'short');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the e-mail trimmed and lower-cased, keeps its own session and opens the dashboard', async () => {
    saveSession({
      token: 'customer-token',
      user: { id: 'u-1', email: 'asha@example.com', name: 'Asha', role: 'user' },
    });
    const fetchMock = stubLogin(() => json(200, loginAnswer));
    const { router } = await renderApp('/influencer/login', { signedIn: false });

    await fillIn('  Riya@Influencers.TEST ', 'riya-pass-1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/influencer'));
    expect(requestsOf(fetchMock)[0]).toMatchObject({
      method: 'POST',
      path: '/api/influencer/login',
      body: { email: 'riya@influencers.test', password: 'riya-pass-1' },
    });
    expect(readInfluencerSession()).toEqual({
      token: 'fresh-token',
      id: 'inf-9',
      name: 'Riya Sen',
      email: 'riya@influencers.test',
    });
    expect(readSession().token).toBe('customer-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Influencer dashboard' }),
    ).toBeVisible();
    // The dashboard is read with the influencer's token, never the customer's.
    await waitFor(() =>
      expect(
        requestsOf(fetchMock).find((request) => request.path === '/api/influencer/dashboard')
          ?.headers.authorization,
      ).toBe('Bearer fresh-token'),
    );
  });

  it('says Invalid login when the server refuses the credentials', async () => {
    stubLogin(() => json(401, { message: 'Invalid login' }));
    await renderApp('/influencer/login', { signedIn: false });

    await fillIn('riya@influencers.test', 'wrong-pass-1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login');
    expect(readInfluencerSession()).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('says Server error when the server fails or cannot be reached', async () => {
    stubLogin(() => json(500, { message: 'Internal Server Error' }));
    await renderApp('/influencer/login', { signedIn: false });
    await fillIn('riya@influencers.test', 'riya-pass-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error');

    vi.unstubAllGlobals();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Server error'));
  });

  it('disables the button while the login is sent', async () => {
    let release: (response: Response) => void = () => {};
    stubLogin(() => new Promise<Response>((resolve) => (release = resolve)) as never);
    await renderApp('/influencer/login', { signedIn: false });

    await fillIn('riya@influencers.test', 'riya-pass-1');

    expect(screen.getByRole('button', { name: /Logging in/ })).toBeDisabled();
    release(json(401, { message: 'Invalid login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login');
  });
});
