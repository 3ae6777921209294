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
  method: 'upi',
  accountNumber: null,
  ifsc: null,
  netted: 0,
  reason: null,
  influencerId: { _id: `inf-${id}`, name, email: `${name.toLowerCase()}@example.com` },
  debt: 0,
  flags: [],
});

function api(
  overrides: (method: string) => Response | undefined = () => undefined,
  items: unknown[] = [payout('p1', 'requested', 'Priya'), payout('p2', 'paid', 'Ravi')],
) {
  return stubApi(({ method, path }) => {
    const own = overrides(method);
    if (own) return own;
    if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
    if (path.startsWith('/admin/influencer-payouts')) return json(200, { ok: true, items });
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

  it('approves net of the debt, showing the flags first', async () => {
    const flagged = {
      ...payout('p1', 'requested', 'Priya'),
      debt: 300,
      flags: [
        {
          userId: 'u7',
          reason: 'same_person',
          relatedUserId: 'u3',
          at: '2025-11-19T10:00:00.000Z',
        },
        {
          userId: 'u8',
          reason: 'same_payment_instrument',
          relatedUserId: 'u4',
          at: '2025-11-20T10:00:00.000Z',
        },
      ],
    };
    const seen = api(
      (method) =>
        method === 'PATCH'
          ? json(200, {
              ok: true,
              message: 'Payout updated',
              item: { ...flagged, status: 'approved' },
            })
          : undefined,
      [flagged],
    );
    renderAdmin('/influencer-payouts');
    expect(await screen.findByText('Debt ₹300')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Priya' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the payout of Priya?' });
    expect(dialog).toHaveTextContent('₹2,500 is held for Priya (bank).');
    expect(dialog).toHaveTextContent('A debt of ₹300');
    expect(dialog).toHaveTextContent('₹2,200 will be paid.');
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'A second account of a person already referred — User u7 (same as u3)',
    );
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Paid with the same instrument as another referred account — User u8 (same as u4)',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Payout updated'));
    expect(seen.find((request) => request.method === 'PATCH')).toMatchObject({
      path: '/admin/influencer-payouts/p1',
      body: { status: 'approved' },
    });
  });

  it('marks an approved payout paid only with a transfer reference', async () => {
    const seen = api(
      (method) =>
        method === 'PATCH'
          ? json(200, { ok: true, message: 'Payout updated', item: payout('p1', 'paid', 'Priya') })
          : undefined,
      [payout('p1', 'approved', 'Priya')],
    );
    renderAdmin('/influencer-payouts');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark paid Priya' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark the payout of Priya paid' });
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
    expect(within(dialog).getByText('Enter the reason the influencer will see.')).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'UPI id not found');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Update failed'));
  });
});
