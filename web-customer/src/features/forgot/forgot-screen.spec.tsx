import { clearSession } from '@shortlist/web-kit';
import { json, requestsOf, stubFetch } from '@shortlist/web-kit/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('forgot: request mode', () => {
  it('needs an e-mail', async () => {
    const fetchMock = stubFetch(() => json(200, {}));
    await renderApp('/forgot');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Please enter your email.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says a link was sent and shows the dev preview link when given', async () => {
    const fetchMock = stubFetch(() =>
      json(200, {
        message: 'If an account exists, a reset link has been sent.',
        devPreviewUrl: 'http://localhost:3000/api/dev/outbox/m-1',
      }),
    );
    await renderApp('/forgot');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), ' Asha@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(
      await screen.findByText('If an account exists, a reset link has been sent.'),
    ).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Open the e-mail preview (development)' }),
    ).toHaveAttribute('href', 'http://localhost:3000/api/dev/outbox/m-1');
    expect(requestsOf(fetchMock)[0]?.body).toEqual({ email: 'asha@example.com' });
  });

  it('links to Register and Login', async () => {
    stubFetch(() => json(200, {}));
    await renderApp('/forgot');
    const links = within(screen.getByRole('navigation', { name: 'Account' }));
    expect(links.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(links.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});

describe('forgot: reset mode', () => {
  const fill = async (password: string, confirm: string) => {
    if (password) await userEvent.type(screen.getByLabelText('New Password'), password);
    if (confirm) await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
  };

  it('asks for 8 characters, then matching passwords', async () => {
    const fetchMock = stubFetch(() => json(200, {}));
    await renderApp('/forgot?token=tok-1');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    await fill('short', 'short');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      'At least 8 characters. Password must be at least 8 characters.',
    );
    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await fill('long-enough', 'long-enougH');
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      'Passwords do not match.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('has show/hide toggles on both fields', async () => {
    stubFetch(() => json(200, {}));
    await renderApp('/forgot?token=tok-1');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'text');
  });

  it('updates the password with the token from the address', async () => {
    const fetchMock = stubFetch(() =>
      json(200, { message: 'Password updated. You can now log in.' }),
    );
    await renderApp('/forgot?token=tok-1');
    await fill('new-secret-1', 'new-secret-1');
    expect(await screen.findByText('Password updated. You can now log in.')).toBeVisible();
    expect(requestsOf(fetchMock)[0]).toMatchObject({
      path: '/api/forgot/reset',
      body: { token: 'tok-1', password: 'new-secret-1' },
    });
  });

  it('a failure shows the server message, else the fallback', async () => {
    stubFetch(() => json(400, { message: 'This reset link is invalid or has expired.' }));
    await renderApp('/forgot?token=tok-1');
    await fill('new-secret-1', 'new-secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired.',
    );
    stubFetch(() => json(500, null));
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeVisible();
  });
});
