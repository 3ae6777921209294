import { clearSession } from '@shortlist/web-kit';
import { json, requestsOf, stubFetch } from '@shortlist/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatOrderTime } from '../../shared/orders/order-facts';
import { apiOrder } from '../../testing/api-answers';
import { customer, renderApp } from '../../testing/render-app';

afterEach(() => {
  clearSession();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const toastText = (text: string) => screen.findByText(text, { selector: '[role="status"] p' });

describe('checkout without orderId', () => {
  it('lists only unpaid orders with Pay Now, Open Details and Delete', async () => {
    stubFetch(() =>
      json(200, {
        orders: [
          apiOrder({ id: 'ord-unpaid', planName: 'Resume Review' }),
          apiOrder({ id: 'ord-paid', planName: 'Resume Rewrite', paymentStatus: 'paid' }),
        ],
      }),
    );
    await renderApp('/checkout', { user: customer });
    const list = await screen.findByRole('list', { name: 'Orders awaiting payment' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(
      within(list).getByRole('button', { name: 'Pay Now for order ord-unpaid' }),
    ).toBeEnabled();
    expect(
      within(list).getByRole('link', { name: 'Open details of order ord-unpaid' }),
    ).toHaveAttribute('href', '/checkout?orderId=ord-unpaid');
    expect(within(list).getByRole('button', { name: 'Delete order ord-unpaid' })).toBeVisible();
  });

  it('says how long an unpaid order is kept', async () => {
    stubFetch(() => json(200, { orders: [apiOrder({ id: 'ord-unpaid' })] }));
    await renderApp('/checkout', { user: customer });
    await screen.findByRole('list', { name: 'Orders awaiting payment' });
    expect(
      screen.getByText(/Unpaid orders are removed 7 days after they are placed\./),
    ).toBeVisible();
  });

  it('with none: No pending orders and a Create Resume link', async () => {
    stubFetch(() => json(200, { orders: [apiOrder({ paymentStatus: 'paid' })] }));
    await renderApp('/checkout', { user: customer });
    expect(await screen.findByRole('heading', { name: 'No pending orders' })).toBeVisible();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Create Resume' }),
    ).toHaveAttribute('href', '/createresume');
  });

  it('deletes after confirming, says so, and reads the list again', async () => {
    let deleted = false;
    const fetchMock = stubFetch((request) => {
      if (request.method !== 'DELETE') {
        return json(200, { orders: deleted ? [] : [apiOrder({ id: 'ord-9' })] });
      }
      deleted = true;
      return json(200, { message: 'Order deleted.' });
    });
    await renderApp('/checkout', { user: customer });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete order ord-9' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete order' });
    expect(confirm).toHaveTextContent('Delete this order? This cannot be undone.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await toastText('Order deleted.')).toBeVisible();
    expect(
      requestsOf(fetchMock).some((r) => r.method === 'DELETE' && r.path === '/api/orders/ord-9'),
    ).toBe(true);
    expect(await screen.findByRole('heading', { name: 'No pending orders' })).toBeVisible();
  });

  it('a failed delete says so', async () => {
    stubFetch((request) =>
      request.method === 'DELETE'
        ? json(500, null)
        : json(200, { orders: [apiOrder({ id: 'ord-9' })] }),
    );
    await renderApp('/checkout', { user: customer });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete order ord-9' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete order' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await toastText('Failed to delete order.')).toBeVisible();
  });

  it('a failed load offers Retry', async () => {
    const fetchMock = stubFetch(() => json(500, null));
    await renderApp('/checkout', { user: customer });
    expect(await screen.findByText('Failed to load checkout.')).toBeVisible();
    stubFetch(() => json(200, { orders: [] }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No pending orders' })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('checkout with orderId', () => {
  it('shows the order with Pay Now, Delete Order and Back to Orders', async () => {
    stubFetch(() =>
      json(200, { order: apiOrder({ id: 'ord-1', amount: 800, planName: 'Resume Rewrite' }) }),
    );
    await renderApp('/checkout?orderId=ord-1', { user: customer });
    expect(await screen.findByRole('heading', { name: 'Resume Rewrite' })).toBeVisible();
    expect(screen.getByText('₹800')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Order' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('button', { name: 'View Receipt' })).toBeNull();
  });

  it('says until when an unpaid order is kept; a paid one says nothing of it', async () => {
    stubFetch(() =>
      json(200, { order: apiOrder({ id: 'ord-1', createdAt: '2025-11-20T10:00:00.000Z' }) }),
    );
    await renderApp('/checkout?orderId=ord-1', { user: customer });
    const note = await screen.findByText(/Unpaid orders are removed 7 days after they are placed/);
    expect(note).toHaveTextContent(`Pay before ${formatOrderTime('2025-11-27T10:00:00.000Z')}`);
  });

  it('switches the currency of an unpaid order and says so', async () => {
    const fetchMock = stubFetch((request) =>
      request.method === 'PATCH'
        ? json(200, {
            order: apiOrder({ id: 'ord-1', currency: 'USD', amount: 3 }),
            message: 'Currency updated to USD.',
          })
        : json(200, { order: apiOrder({ id: 'ord-1' }) }),
    );
    const { router } = await renderApp('/checkout?orderId=ord-1', { user: customer });
    const toggle = await screen.findByRole('group', { name: 'Currency' });
    await userEvent.click(within(toggle).getByRole('button', { name: 'USD' }));
    expect(await toastText('Currency updated to USD.')).toBeVisible();
    expect(screen.getByText('$3')).toBeVisible();
    expect(within(toggle).getByRole('button', { name: 'USD' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(requestsOf(fetchMock).find((r) => r.method === 'PATCH')).toMatchObject({
      path: '/api/orders/ord-1/currency',
      body: { currency: 'usd' },
    });
    expect(router.state.location.search).toContain('currency=usd');
    expect(localStorage.getItem('currency')).toBe('USD');
  });

  it('a failed switch says so', async () => {
    stubFetch((request) =>
      request.method === 'PATCH'
        ? json(500, null)
        : json(200, { order: apiOrder({ id: 'ord-1' }) }),
    );
    await renderApp('/checkout?orderId=ord-1', { user: customer });
    const toggle = await screen.findByRole('group', { name: 'Currency' });
    await userEvent.click(within(toggle).getByRole('button', { name: 'USD' }));
    expect(await toastText('Failed to switch currency.')).toBeVisible();
  });

  it('a paid order needs no payment and offers its receipt', async () => {
    stubFetch(() =>
      json(200, {
        order: apiOrder({
          id: 'ord-1',
          paymentStatus: 'paid',
          receiptUrl: '/api/orders/ord-1/receipt',
        }),
      }),
    );
    await renderApp('/checkout?orderId=ord-1', { user: customer });
    expect(await screen.findByRole('button', { name: 'View Receipt' })).toBeVisible();
    expect(screen.queryByText(/Unpaid orders are removed/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Currency' })).toBeNull();
  });

  it('an amount of 0 shows No payment required', async () => {
    stubFetch(() => json(200, { order: apiOrder({ id: 'ord-1', amount: 0 }) }));
    await renderApp('/checkout?orderId=ord-1', { user: customer });
    expect(await screen.findByText('No payment required')).toBeVisible();
    expect(screen.getByText('Free')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('deleting the order goes back to the pending list', async () => {
    stubFetch((request) => {
      if (request.method === 'DELETE') return json(200, { message: 'Order deleted.' });
      if (request.path.startsWith('/api/orders/history')) return json(200, { orders: [] });
      return json(200, { order: apiOrder({ id: 'ord-1' }) });
    });
    const { router } = await renderApp('/checkout?orderId=ord-1', { user: customer });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Order' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete order' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await toastText('Order deleted.')).toBeVisible();
  });

  it('an unknown order: No order to display; other failures: Failed to load checkout.', async () => {
    stubFetch(() => json(404, { message: 'Order not found.' }));
    const { unmount } = await renderApp('/checkout?orderId=nope', { user: customer });
    expect(await screen.findByRole('heading', { name: 'No order to display.' })).toBeVisible();
    unmount();
    stubFetch(() => json(500, null));
    await renderApp('/checkout?orderId=ord-1', { user: customer });
    expect(await screen.findByText('Failed to load checkout.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
