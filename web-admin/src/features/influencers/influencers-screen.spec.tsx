import { clearSession } from '@shortlist/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, json, renderAdmin, stubApi } from '../../testing/render-admin';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const influencer = {
  _id: 'inf-1',
  name: 'Priya Shah',
  email: 'priya@example.com',
  referralCode: 'PRIYA1',
  referralLink: 'http://localhost/register?ref=PRIYA1',
  stats: {
    usersReferred: 7,
    registrations: 7,
    orders: 2,
    balance: 350,
    eligible: false,
    pending: 0,
    debt: 0,
  },
  createdAt: '2025-11-20T10:00:00.000Z',
};

function api(overrides: (method: string, path: string) => Response | undefined = () => undefined) {
  return stubApi(({ method, path }) => {
    const own = overrides(method, path);
    if (own) return own;
    if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
    if (method === 'GET' && path.startsWith('/admin/influencers'))
      return json(200, { items: [influencer] });
    return undefined;
  });
}

const form = () => screen.getByRole('region', { name: 'Create an influencer' });

async function fill(name: string, email: string, password: string) {
  if (name) await userEvent.type(within(form()).getByLabelText('Name'), name);
  if (email) await userEvent.type(within(form()).getByLabelText('Email'), email);
  if (password) await userEvent.type(within(form()).getByLabelText(/^Password/), password);
  await userEvent.click(within(form()).getByRole('button', { name: 'Create influencer' }));
}

describe('Influencers', () => {
  it('lists figures and the referral link, never a password', async () => {
    api();
    renderAdmin('/influencers');

    const row = (await screen.findByText('Priya Shah')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('₹350')).toBeVisible();
    expect(within(row).getByText(influencer.referralLink)).toBeVisible();
    expect(
      within(row).getByRole('button', { name: 'Copy the referral link of Priya Shah' }),
    ).toBeVisible();
  });

  it("asks for every field ('Fill all fields') and 8 characters before calling the API", async () => {
    const seen = api();
    renderAdmin('/influencers');
    await screen.findByText('Priya Shah');

    await fill('Ravi', '', '');
    expect(within(form()).getByRole('alert')).toHaveTextContent('Fill all fields');
    await userEvent.clear(within(form()).getByLabelText('Name'));
    await fill('Ravi', 'ravi@example.com', 'short');
    expect(within(form()).getByRole('alert')).toHaveTextContent('Minimum 8 characters.');
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it("creates one and shows the password once with Copy; 'Influencer created'", async () => {
    const seen = api((method) =>
      method === 'POST'
        ? json(201, {
            message: 'Influencer created',
            item: { ...influencer, _id: 'inf-2', name: 'Ravi Kumar' },
            plainPassword: 'secret-pass-9',
          })
        : undefined,
    );
    renderAdmin('/influencers');
    await screen.findByText('Priya Shah');

    await fill('Ravi Kumar', 'Ravi@Example.com ', 'secret-pass-9');

    const dialog = await screen.findByRole('dialog', { name: 'Influencer created' });
    expect(within(dialog).getByText('secret-pass-9')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      password: 'secret-pass-9',
    });
    expect(screen.getAllByText('Influencer created').length).toBeGreaterThan(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('secret-pass-9')).toBeNull();
  });

  it('shows the server message when creating fails, else the fallback', async () => {
    api((method) => (method === 'POST' ? json(500, {}) : undefined));
    renderAdmin('/influencers');
    await screen.findByText('Priya Shah');

    await fill('Ravi Kumar', 'ravi@example.com', 'secret-pass-9');

    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      'Failed to create influencer',
    );
  });

  it("updates a password: empty is refused, then 'Password updated' and the new one once", async () => {
    api((method) =>
      method === 'PATCH'
        ? json(200, { message: 'Password updated', plainPassword: 'brand-new-pass' })
        : undefined,
    );
    renderAdmin('/influencers');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Update the password of Priya Shah' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Update the password of Priya Shah' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(within(dialog).getByText('Please enter a password.')).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText(/New password/), 'brand-new-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Password' }));

    expect(await within(dialog).findByText('brand-new-pass')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Password updated');
  });

  it("says 'Failed to update password' when the update fails", async () => {
    api((method) => (method === 'PATCH' ? json(500, {}) : undefined));
    renderAdmin('/influencers');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Update the password of Priya Shah' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Update the password of Priya Shah' });
    await userEvent.type(within(dialog).getByLabelText(/New password/), 'brand-new-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Password' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Failed to update password'),
    );
  });

  it("deletes after a confirmation naming the person: 'Deleted', or 'Failed to delete influencer'", async () => {
    let fail = true;
    api((method) =>
      method === 'DELETE' ? (fail ? json(500, {}) : json(200, { message: 'Deleted' })) : undefined,
    );
    renderAdmin('/influencers');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Priya Shah' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this influencer?' });
    expect(dialog).toHaveTextContent('Priya Shah');
    expect(dialog).toHaveTextContent('₹350');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Failed to delete influencer'),
    );
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Deleted'));
  });
});
