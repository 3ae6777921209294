import { clearSession, readSession } from '@shortlist/web-kit';
import { json, requestsOf, stubFetch } from '@shortlist/web-kit/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';

function setRefCookie(value: string | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the cookie a referral link leaves.
  document.cookie =
    value === null ? 'ref=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : `ref=${value}; path=/`;
}

afterEach(() => {
  vi.useRealTimers();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  setRefCookie(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const newUser = { id: 'u-9', email: 'ravi@example.com', name: 'Ravi', role: 'user' };

async function fill({
  name = 'Ravi',
  email = 'ravi@example.com',
  password = 'secret-pass',
  confirm = 'secret-pass',
  terms = true,
} = {}) {
  if (name) await userEvent.type(screen.getByRole('textbox', { name: 'Full name' }), name);
  if (email) await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  if (terms) await userEvent.click(screen.getByRole('checkbox'));
}

const submit = () => screen.getByRole('button', { name: 'Sign up' });

describe('register validation', () => {
  it('needs all four fields', async () => {
    const fetchMock = stubFetch(() => json(201, {}));
    await renderApp('/register');
    await fill({ password: '' });
    await userEvent.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all fields.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the passwords do not match, inline on the confirm field too', async () => {
    stubFetch(() => json(201, {}));
    await renderApp('/signup');
    await fill({ confirm: 'other-pass' });
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Passwords do not match.',
    );
    await userEvent.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
  });

  it('asks for the Terms, which link to /terms and /privacy', async () => {
    const fetchMock = stubFetch(() => json(201, {}));
    await renderApp('/register');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await fill({ terms: false });
    await userEvent.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please accept the Terms to continue.');
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('register answers', () => {
  it('409: alerts that the e-mail is registered and goes to login', async () => {
    stubFetch(() => json(409, { message: 'Email already registered. Please log in.' }));
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { router } = await renderApp('/register');
    await fill();
    await userEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(alert).toHaveBeenCalledWith('Email already registered. Please log in.');
  });

  it('other failures: the server message, else the fallback', async () => {
    stubFetch(() => json(400, { message: 'Please enter a valid email address.' }));
    await renderApp('/register');
    await fill();
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address.',
    );
    stubFetch(() => json(502, null));
    await userEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Registration failed. Try again.'),
    );
  });

  it('with a token: signed in at once, toast at 1100 ms, home at 1200 ms', async () => {
    stubFetch(() =>
      json(201, { token: 'jwt-9', user: newUser, message: 'Registration successful. Welcome!' }),
    );
    const { router } = await renderApp('/register');
    await fill();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submit());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(readSession().token).toBe('jwt-9');
    expect(localStorage.getItem('token')).toBe('jwt-9');
    // The toast region is the app's role="status" live region.
    const toast = () =>
      screen.queryByText('Registration successful. Welcome!', { selector: '[role="status"] p' });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1099);
    });
    expect(toast()).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(toast()).toBeVisible();
    expect(router.state.location.pathname).toBe('/register');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('without a token: the message, then login after 1200 ms', async () => {
    stubFetch(() => json(201, { message: 'Account created. Please log in.' }));
    const { router } = await renderApp('/register');
    await fill();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submit());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Account created. Please log in.')).toBeVisible();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1199);
    });
    expect(router.state.location.pathname).toBe('/register');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    // /login is a lazy route: it lands once its chunk has loaded, on real timers.
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readSession().token).toBeNull();
  });
});

describe('referral code', () => {
  const ok = () => json(201, { token: 'jwt-9', user: newUser, message: 'Welcome' });

  it('comes from ?ref=, is stored, and travels in the body and X-Ref', async () => {
    const fetchMock = stubFetch(ok);
    await renderApp('/register?ref=RIYA50');
    expect(screen.getByText('Referral code RIYA50 will be applied.')).toBeVisible();
    expect(localStorage.getItem('ref')).toBe('RIYA50');
    await fill();
    await userEvent.click(submit());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [request] = requestsOf(fetchMock);
    expect(request?.body).toMatchObject({ referralCode: 'RIYA50', cpassword: 'secret-pass' });
    expect(request?.headers['x-ref']).toBe('RIYA50');
  });

  it('carries the short link’s campaign tag beside the code, and keeps it', async () => {
    const fetchMock = stubFetch(ok);
    await renderApp('/register?ref=RIYA50&campaign=insta-reel');
    expect(localStorage.getItem('ref_campaign')).toBe('insta-reel');
    await fill();
    await userEvent.click(submit());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [request] = requestsOf(fetchMock);
    expect(request?.body).toMatchObject({ referralCode: 'RIYA50', referralCampaign: 'insta-reel' });
    localStorage.removeItem('ref_campaign');
  });

  it('falls back to a ref cookie, then to stored data', async () => {
    const fetchMock = stubFetch(ok);
    setRefCookie('COOKIE7');
    await renderApp('/register');
    expect(screen.getByText('Referral code COOKIE7 will be applied.')).toBeVisible();
    setRefCookie(null);
    localStorage.setItem('ref', 'STORED3');
    await renderApp('/register');
    // The first render is still mounted (its h1 lets renderApp return early): await the second.
    expect((await screen.findAllByText('Referral code STORED3 will be applied.'))[0]).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
