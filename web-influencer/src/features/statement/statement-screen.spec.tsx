import type { StatementEntry } from '@shortlist/domain/contract';
import { clearInfluencerSession } from '@shortlist/web-kit';
import { json, mockMatchMedia, requestsOf, stubFetch } from '@shortlist/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { reasonOf, statementCsv } from './statement-lines';

afterEach(() => {
  clearInfluencerSession();
  vi.unstubAllGlobals();
});

const order = '4f1c2a9e-0000-4000-8000-000000000001';
const entry = (overrides: Partial<StatementEntry>): StatementEntry => ({
  id: crypto.randomUUID(),
  at: '2025-11-20T10:00:00.000Z',
  kind: 'reward',
  orderId: null,
  customerName: null,
  payoutId: null,
  txnId: null,
  pending: 0,
  reason: null,
  amount: 0,
  balance: 0,
  ...overrides,
});
const entries: StatementEntry[] = [
  entry({ kind: 'reward', orderId: order, amount: 50, balance: 50 }),
  entry({
    kind: 'clawback',
    orderId: order,
    amount: -50,
    balance: 0,
    at: '2025-11-21T10:00:00.000Z',
  }),
  entry({ kind: 'payout_held', payoutId: 'p-1', amount: -2500, balance: -2500 }),
  entry({ kind: 'payout_returned', payoutId: 'p-1', amount: 2500, balance: 0 }),
  entry({ kind: 'payout_paid', payoutId: 'p-2', txnId: 'UTR-1', amount: 0, balance: 0 }),
];

const rows = () =>
  within(screen.getByRole('table', { name: 'Earnings statement' }))
    .getAllByRole('row')
    .slice(1);

describe('earnings statement', () => {
  it('names the referred customer where the account has a name, the order only where not', async () => {
    stubFetch(() =>
      json(200, {
        ok: true,
        entries: [
          entry({
            kind: 'reward',
            orderId: order,
            customerName: 'Tara Iyer',
            amount: 50,
            balance: 50,
          }),
          entry({ kind: 'reward', orderId: order, amount: 50, balance: 100 }),
        ],
        balance: 100,
      }),
    );
    await renderApp('/influencer/statement');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent("Referral reward: Tara Iyer's first review");
    expect(rows()[0]).not.toHaveTextContent('4f1c2a9e');
    expect(rows()[1]).toHaveTextContent('Referral reward for order 4f1c2a9e');
  });

  it('on a phone shows every amount and balance beside its reason, no column out of sight', async () => {
    const media = mockMatchMedia(() => false);
    try {
      stubFetch(() => json(200, { ok: true, entries: entries.slice(0, 2), balance: 0 }));
      await renderApp('/influencer/statement');
      const lines = await screen.findByRole('list', { name: 'Earnings statement' });
      expect(screen.queryByRole('table')).toBeNull();
      const items = within(lines).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        expect.stringMatching(/^Referral reward for order 4f1c2a9e.*Amount \+₹50.*Balance ₹50$/),
        expect.stringMatching(/^Reward taken back.*Amount −₹50.*Balance ₹0$/),
      ]);
    } finally {
      media.restore();
    }
  });

  it('lists every line with its reason, amount and running balance, and the closing balance', async () => {
    stubFetch(() => json(200, { ok: true, entries: entries.slice(0, 2), balance: 0 }));
    await renderApp('/influencer/statement');

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Referral reward for order 4f1c2a9e');
    expect(rows()[0]).toHaveTextContent('+₹50');
    expect(rows()[1]).toHaveTextContent('Reward taken back: order 4f1c2a9e refunded');
    expect(rows()[1]).toHaveTextContent('−₹50');
    expect(screen.getByTestId('statement-balance')).toHaveTextContent('₹0');
  });

  it('asks for the statement as of the end of the day picked, kept in the URL', async () => {
    const fetchMock = stubFetch(() =>
      json(200, { ok: true, entries: entries.slice(0, 1), balance: 50 }),
    );
    const { router } = await renderApp('/influencer/statement?asOf=2025-11-20');

    await waitFor(() => expect(rows()).toHaveLength(1));
    const before = new URL(requestsOf(fetchMock)[0]?.path ?? '', 'http://x').searchParams.get(
      'before',
    );
    expect(before).toBe(new Date(2025, 10, 21).toISOString());
    expect(screen.getByLabelText(/^As of/)).toHaveValue('2025-11-20');

    const input = screen.getByLabelText(/^As of/);
    await userEvent.clear(input);
    await userEvent.type(input, '2025-11-19');
    await waitFor(() => expect(router.state.location.search).toBe('?asOf=2025-11-19'));
    await waitFor(() =>
      expect(requestsOf(fetchMock).at(-1)?.path).toContain(
        encodeURIComponent(new Date(2025, 10, 20).toISOString()),
      ),
    );
  });

  it('downloads the lines as CSV', async () => {
    stubFetch(() => json(200, { ok: true, entries, balance: 0 }));
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await renderApp('/influencer/statement');
    await waitFor(() => expect(rows()).toHaveLength(5));

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));

    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(await blob?.text()).toBe(statementCsv(entries));
  });

  it('shows an empty state before anything is earned, and a failure with Retry', async () => {
    let fail = false;
    stubFetch(() => (fail ? json(500, {}) : json(200, { ok: true, entries: [], balance: 0 })));
    await renderApp('/influencer/statement');
    expect(await screen.findByRole('heading', { name: 'Nothing earned yet' })).toBeVisible();

    clearInfluencerSession();
    fail = true;
    await renderApp('/influencer/statement?asOf=2025-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

describe('statement CSV', () => {
  it('has a header, full order ids, signed amounts and the transfer reference', () => {
    const lines = statementCsv(entries).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Date","Reason","Order","Amount (INR)","Balance (INR)"');
    expect(lines[1]).toBe(
      `"2025-11-20T10:00:00.000Z","Referral reward for order ${order}","${order}","50","50"`,
    );
    expect(lines[2]).toContain('"-50","0"');
    expect(lines[5]).toContain('"Payout paid (transfer ref UTR-1)"');
  });
});

describe('statement reasons', () => {
  it('names pending and earned commissions, a netted approval and a rejection’s reason', () => {
    const at = { orderId: order };
    expect(reasonOf(entry({ ...at, kind: 'commission_pending', pending: 180 }))).toBe(
      'Commission pending for order 4f1c2a9e: ₹180, earned when the order completes',
    );
    expect(reasonOf(entry({ ...at, kind: 'commission_earned', amount: 180 }))).toBe(
      'Commission earned: order 4f1c2a9e completed',
    );
    expect(reasonOf(entry({ ...at, kind: 'commission_cancelled' }))).toBe(
      'Pending commission cancelled: order 4f1c2a9e refunded',
    );
    expect(reasonOf(entry({ ...at, kind: 'commission_clawback', amount: -180 }))).toBe(
      'Commission taken back: order 4f1c2a9e refunded',
    );
    expect(reasonOf(entry({ kind: 'payout_approved', amount: 50 }))).toBe(
      'Payout approved: part of it paid your debt',
    );
    expect(reasonOf(entry({ kind: 'payout_returned', reason: 'Wrong IFSC', amount: 2500 }))).toBe(
      'Payout rejected (Wrong IFSC): amount returned',
    );
  });
});
