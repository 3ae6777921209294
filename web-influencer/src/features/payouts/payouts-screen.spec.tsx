import { clearInfluencerSession } from '@shortlist/web-kit';
import { json, requestsOf, type StubRequest, stubFetch } from '@shortlist/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payout, stats } from '../../testing/api-answers';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  clearInfluencerSession();
  vi.unstubAllGlobals();
});

const eligible = stats({ registrations: 52, usersReferred: 52, balance: 2600, eligible: true });

function stubPayouts(
  list: () => { items: unknown[]; stats: unknown; savedDetails?: unknown },
  post: (request: StubRequest) => Response = () =>
    json(200, { ok: true, message: 'Payout request sent!' }),
) {
  return stubFetch((request) =>
    request.method === 'POST'
      ? post(request)
      : json(200, { ok: true, savedDetails: null, ...list() }),
  );
}

async function fillDetails(details: {
  payeeName: string;
  mobile: string;
  upiId?: string;
  bank?: { bankName: string; accountNumber: string; ifsc: string };
}) {
  const dialog = screen.getByRole('dialog', { name: 'Payment details' });
  const pairs: Array<[RegExp, string]> = [
    [/^Payee name/, details.payeeName],
    [/^Mobile/, details.mobile],
  ];
  if (details.bank) {
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Pay me by/), 'bank');
    pairs.push(
      [/^Bank name/, details.bank.bankName],
      [/^Account number/, details.bank.accountNumber],
      [/^IFSC/, details.bank.ifsc],
    );
  } else {
    pairs.push([/^UPI id/, details.upiId ?? '']);
  }
  for (const [label, value] of pairs) {
    if (value) await userEvent.type(within(dialog).getByLabelText(label), value);
  }
  await userEvent.click(within(dialog).getByRole('button', { name: 'Request payout' }));
  return dialog;
}

describe('payouts', () => {
  it('shows balance and registrations against the thresholds, and why a request is not possible', async () => {
    stubPayouts(() => ({ items: [], stats: stats({ registrations: 12, balance: 600 }) }));
    await renderApp('/influencer/payouts');

    expect(
      await screen.findByRole('progressbar', { name: 'Balance: ₹600 of ₹2,500' }),
    ).toHaveAttribute('value', '600');
    expect(screen.getByRole('progressbar', { name: 'Registrations: 12 of 50' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request payout' })).toBeDisabled();
    expect(
      screen.getByText(
        'A payout needs at least 50 registrations and a balance of at least ₹2,500.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'No payouts yet' })).toBeVisible();
  });

  it('allows one open request at a time', async () => {
    stubPayouts(() => ({ items: [payout({ status: 'approved' })], stats: eligible }));
    await renderApp('/influencer/payouts');

    expect(await screen.findByText(/being processed/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request payout' })).toBeDisabled();
    const table = screen.getByRole('table', { name: 'Your payouts' });
    expect(within(table).getByText('Approved')).toBeVisible();
  });

  it('validates the payment details before sending', async () => {
    const fetchMock = stubPayouts(() => ({ items: [], stats: eligible }));
    await renderApp('/influencer/payouts');

    await userEvent.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await fillDetails({ payeeName: 'Riya Sen', mobile: '98765', upiId: '' });

    expect(within(dialog).getByText('Enter a 10-digit mobile number.')).toBeVisible();
    expect(within(dialog).getByText('Required')).toBeVisible();
    expect(requestsOf(fetchMock).filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('checks a bank account’s number and IFSC, and sends them', async () => {
    const fetchMock = stubPayouts(() => ({ items: [], stats: eligible }));
    await renderApp('/influencer/payouts');

    await userEvent.click(await screen.findByRole('button', { name: 'Request payout' }));
    const dialog = await fillDetails({
      payeeName: 'Riya Sen',
      mobile: '9876543210',
      bank: { bankName: 'SBI', accountNumber: '1234', ifsc: 'SBIN1234' },
    });
    expect(within(dialog).getAllByText('9 to 18 digits').length).toBeGreaterThan(0);
    expect(requestsOf(fetchMock).filter((request) => request.method === 'POST')).toHaveLength(0);

    const account = within(dialog).getByLabelText(/^Account number/);
    await userEvent.clear(account);
    await userEvent.type(account, '123456789012');
    const ifsc = within(dialog).getByLabelText(/^IFSC/);
    await userEvent.clear(ifsc);
    await userEvent.type(ifsc, 'sbin0001234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    await waitFor(() =>
      expect(requestsOf(fetchMock).find((request) => request.method === 'POST')).toMatchObject({
        body: {
          method: 'bank',
          bankName: 'SBI',
          accountNumber: '123456789012',
          ifsc: 'sbin0001234',
        },
      }),
    );
  });

  it('fills in the last request’s details, and shows a debt and a rejection’s reason', async () => {
    stubPayouts(() => ({
      items: [payout({ status: 'rejected', reason: 'UPI id not found' })],
      stats: { ...eligible, debt: 150 },
      savedDetails: {
        method: 'upi',
        payeeName: 'Riya Sen',
        mobile: '9876543210',
        bankName: '',
        accountNumber: '',
        ifsc: '',
        upiId: 'riya@upi',
      },
    }));
    await renderApp('/influencer/payouts');

    expect(await screen.findByText(/You owe ₹150/)).toBeVisible();
    expect(screen.getByText('Rejected: UPI id not found')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Payment details' });
    expect(within(dialog).getByLabelText(/^UPI id/)).toHaveValue('riya@upi');
    expect(within(dialog).getByText('Filled in from your last request.')).toBeVisible();
  });

  it('sends the request, says Payout request sent! and shows it in the list', async () => {
    let items: unknown[] = [];
    const fetchMock = stubPayouts(
      () => ({
        items,
        stats: items.length ? stats({ ...eligible, balance: 0, eligible: false }) : eligible,
      }),
      () => {
        items = [payout({ amount: 2600 })];
        return json(200, { ok: true, message: 'Payout request sent!' });
      },
    );
    await renderApp('/influencer/payouts');

    await userEvent.click(await screen.findByRole('button', { name: 'Request payout' }));
    await fillDetails({ payeeName: 'Riya Sen', mobile: '9876543210', upiId: 'riya@upi' });

    expect(await screen.findByText('Payout request sent!')).toBeVisible();
    expect(requestsOf(fetchMock).find((request) => request.method === 'POST')).toMatchObject({
      path: '/api/influencer/payouts/request',
      body: { method: 'upi', payeeName: 'Riya Sen', mobile: '9876543210', upiId: 'riya@upi' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Your payouts' });
    const row = await waitFor(() => {
      const found = within(table).getAllByRole('row')[1];
      if (!found) throw new Error('no payout row yet');
      return found;
    });
    expect(row).toHaveTextContent('Requested');
    expect(row).toHaveTextContent('₹2,600');
  });

  it('says Failed to request payout when the request fails, keeping the dialog open', async () => {
    stubPayouts(
      () => ({ items: [], stats: eligible }),
      () => json(500, {}),
    );
    await renderApp('/influencer/payouts');

    await userEvent.click(await screen.findByRole('button', { name: 'Request payout' }));
    await fillDetails({ payeeName: 'Riya Sen', mobile: '9876543210', upiId: 'riya@upi' });

    expect(await screen.findByText('Failed to request payout')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Payment details' })).toBeVisible();
  });
});
