import { clearSession } from '@shortlist/web-kit';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderAdmin, stubApi } from '../../testing/render-admin';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const TOKEN = 'a'.repeat(43);

describe('first admin setup (/admin/setup#token=…)', () => {
  it('creates the admin with the printed token, signed out, then offers the login', async () => {
    window.location.hash = `#token=${TOKEN}`;
    const seen = stubApi(({ method, path }) =>
      method === 'POST' && path === '/setup/first-admin'
        ? json(201, { message: 'Admin account created. Log in with it to open the admin app.' })
        : undefined,
    );
    renderAdmin('/setup', { user: null });
    await userEvent.type(await screen.findByLabelText('Email'), 'owner@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'owner-pass-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'owner-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create admin account' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Admin account created.');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fadmin',
    );
    const post = seen.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      token: TOKEN,
      email: 'owner@example.com',
      password: 'owner-pass-1',
      cpassword: 'owner-pass-1',
    });
  });

  it("shows the server's refusal", async () => {
    window.location.hash = `#token=${TOKEN}`;
    stubApi(() =>
      json(410, {
        message:
          'This setup link is not valid (it works once). Restart the server to print a new one.',
      }),
    );
    renderAdmin('/setup', { user: null });
    await userEvent.type(await screen.findByLabelText('Email'), 'owner@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create admin account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This setup link is not valid');
  });

  it('without the link’s token, says where to get it', async () => {
    stubApi(() => undefined);
    renderAdmin('/setup', { user: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Open this page with the link the server printed when it started (npm start).',
    );
  });
});
