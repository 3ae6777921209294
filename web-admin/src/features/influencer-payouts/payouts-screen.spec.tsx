import { clearSession } from '@shortlist/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, json, renderAdmin, stubApi } from '../../testing/render-admin';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const payout = (id: string, status: string, name: string) => ({
  _id: id,
  amount: 2500,
  status,
  requestedAt: '2025-11-20T10:00:00.000Z',
  processedAt: null,
  payeeName: `${name} (bank)`,
  mobile: '9876543210',
  bankName: 'HDFC',
  upiId: 'payee@upi',
  txnId: null,
  influencerId: { _id: `inf-${id}`, name, email: `${name.toLowerCase()}@example.com` },
});

function api(overrides: (method: string) => Response | undefined = () => undefined) {
  return stubApi(({ method, path }) => {
    const own = overrides(method);
    if (own) return own;
    if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
    if (path.startsWith('/admin/influencer-payouts'))
      return json(200, {
        ok: true,
        items: [payout('p1', 'requested', 'Priya'), payout('p2', 'paid', 'Ravi')],
      });
    return undefined;
  });
}

describe('Influencer payouts', () => {
  it('filters by status, kept in the URL', async () => {
    api();
    const { router } = renderAdmin('/influencer-payouts?status=requested');

    expect(await screen.findByText('Priya (bank)')).toBeVisible();
    expect(screen.queryByText('Ravi (bank)')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Status'), '');
    expect(await screen.findByText('Ravi (bank)')).toBeVisible();
    expect(router.state.location.search).toBe('');
  });

  it('pays only with a transfer reference, naming the amount and the payee', async () => {
    const seen = api((method) =>
      method === 'PATCH'
        ? json(200, { ok: true, message: 'Payout updated', item: payout('p1', 'paid', 'Priya') })
        : undefined,
    );
    renderAdmin('/influencer-payouts');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Priya' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay Priya' });
    expect(dialog).toHaveTextContent('₹2,500');
    expect(dialog).toHaveTextContent('Priya (bank)');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(within(dialog).getByText('Enter the transfer reference.')).toBeVisible();
    expect(seen.some((request) => request.method === 'PATCH')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Transfer reference/), 'UTR123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Payout updated'));
    expect(seen.find((request) => request.method === 'PATCH')).toMatchObject({
      path: '/admin/influencer-payouts/p1',
      body: { status: 'paid', txnId: 'UTR123' },
    });
  });

  it("rejects after a confirmation; a failure says 'Update failed'", async () => {
    api((method) => (method === 'PATCH' ? json(500, {}) : undefined));
    renderAdmin('/influencer-payouts');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Priya' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the payout of Priya?' });
    expect(dialog).toHaveTextContent('₹2,500 returns to the balance of Priya.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Update failed'));
  });
});
