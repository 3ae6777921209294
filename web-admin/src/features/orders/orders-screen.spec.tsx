import { clearSession } from '@shortlist/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, json, renderAdmin, stubApi } from '../../testing/render-admin';
import { apiOrder, detailAnswer, listItem, ORDER_ID } from './orders-testing';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

/** The API with one paid review order; `overrides` answers first. */
function api(overrides: (method: string, path: string) => Response | undefined = () => undefined) {
  return stubApi(({ method, path }) => {
    const own = overrides(method, path);
    if (own) return own;
    if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
    if (method === 'GET' && path.startsWith('/admin/orders?'))
      return json(200, { items: [listItem()], total: 1 });
    if (method === 'GET' && path === `/admin/orders/${ORDER_ID}`) return json(200, detailAnswer());
    return undefined;
  });
}

const row = async () => {
  const cell = await screen.findByText('Asha Verma');
  const tr = cell.closest('tr');
  if (!tr) throw new Error('no row');
  return tr;
};
const toasts = () => screen.getAllByRole('status').at(-1);

describe('Orders list', () => {
  it('shows the columns and sends the search and the status filter kept in the URL', async () => {
    const seen = api();
    const { router } = renderAdmin('/orders?status=processing&q=asha');

    const tr = await row();
    expect(within(tr).getByText(ORDER_ID.slice(0, 8))).toBeVisible();
    expect(within(tr).getByText('Resume Review')).toBeVisible();
    expect(within(tr).getByText('₹200')).toBeVisible();
    expect(within(tr).getByText('Pending', { selector: 'span' })).toBeVisible();
    expect(screen.getByLabelText('Status')).toHaveValue('processing');
    expect(screen.getByLabelText('Search orders')).toHaveValue('asha');
    const list = seen.filter((request) => request.path.startsWith('/admin/orders?'));
    expect(list[0]?.path).toBe('/admin/orders?q=asha&status=processing&page=1&limit=50');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'completed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=completed&q=asha'));
    await waitFor(() =>
      expect(seen.at(-1)?.path).toBe('/admin/orders?q=asha&status=completed&page=1&limit=50'),
    );
  });

  it("follows the dashboard's late-orders link and can show all again", async () => {
    const seen = api();
    const { router } = renderAdmin('/orders?overdue=1');
    await row();
    expect(seen.some((request) => request.path.includes('overdue=1'))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Show all orders' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("shows 'Failed to load orders' with Retry, and the empty state", async () => {
    let fail = true;
    api((_method, path) => {
      if (path.startsWith('/admin/orders?'))
        return fail ? json(500, {}) : json(200, { items: [], total: 0 });
      return undefined;
    });
    renderAdmin('/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load orders');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No paid orders yet' })).toBeVisible();
  });

  it("sets Processing and says 'Status updated'; a refusal says the server's words or 'Update failed'", async () => {
    let answer = () =>
      json(200, { message: 'Status updated', order: apiOrder({ status: 'processing' }) });
    const seen = api((method) => (method === 'PATCH' ? answer() : undefined));
    renderAdmin('/orders');

    const setStatus = async (label: string) =>
      userEvent.selectOptions(
        within(await row()).getByRole('combobox', { name: /^Set the status of order/ }),
        label,
      );
    await setStatus('Processing');
    await waitFor(() => expect(toasts()).toHaveTextContent('Status updated'));
    expect(seen.find((request) => request.method === 'PATCH')).toMatchObject({
      path: `/admin/orders/${ORDER_ID}`,
      body: { status: 'processing' },
    });

    answer = () => json(500, {});
    await setStatus('Complete');
    await waitFor(() => expect(toasts()).toHaveTextContent('Update failed'));
    answer = () => json(409, { message: 'This order was refunded.' });
    await setStatus('Complete');
    await waitFor(() => expect(toasts()).toHaveTextContent('This order was refunded.'));
  });

  it('offers Suggestions only on a review and Refund only on a pending paid order', async () => {
    api((method, path) =>
      method === 'GET' && path.startsWith('/admin/orders?')
        ? json(200, {
            items: [
              listItem({ id: 'o-rewrite-1', service: 'resume_rewrite', status: 'processing' }),
            ],
            total: 1,
          })
        : undefined,
    );
    renderAdmin('/orders');
    const tr = await row();
    expect(within(tr).getByRole('button', { name: /^Attach a delivery file/ })).toBeVisible();
    expect(within(tr).queryByRole('button', { name: /^Suggestions/ })).toBeNull();
    expect(within(tr).queryByRole('button', { name: /^Refund/ })).toBeNull();
  });
});

describe('Refund', () => {
  it('confirms with the amount, the currency and the person, then says the server notice', async () => {
    let answer = () => json(502, { message: 'The payment provider is unavailable. Try again.' });
    const seen = api((method) => (method === 'POST' ? answer() : undefined));
    renderAdmin('/orders');

    await userEvent.click(within(await row()).getByRole('button', { name: /^Refund order/ }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this order?' });
    expect(dialog).toHaveTextContent('₹200 (INR) goes back to Asha Verma');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹200' }));
    await waitFor(() =>
      expect(toasts()).toHaveTextContent('The payment provider is unavailable. Try again.'),
    );

    answer = () =>
      json(200, {
        message: 'Refund issued.',
        refund: { orderId: ORDER_ID, refundId: 'rfnd_1', amountMinor: 20000, currency: 'INR' },
        order: apiOrder({ status: 'refunded' }),
      });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹200' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Refund issued.'));
    expect(seen.filter((request) => request.method === 'POST').at(-1)?.path).toBe(
      `/admin/orders/${ORDER_ID}/refund`,
    );
  });

  it("falls back to 'Refund failed' when the server says nothing", async () => {
    api((method) => (method === 'POST' ? json(500, {}) : undefined));
    renderAdmin('/orders');
    await userEvent.click(within(await row()).getByRole('button', { name: /^Refund order/ }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this order?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund ₹200' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Refund failed'));
  });
});
