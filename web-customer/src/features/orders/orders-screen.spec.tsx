import { clearSession } from '@shortlist/web-kit';
import { json, mockMatchMedia, requestsOf, stubFetch } from '@shortlist/web-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiOrder } from '../../testing/api-answers';
import { customer, renderApp } from '../../testing/render-app';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const history = [
  apiOrder({
    id: 'paid-pending',
    paymentStatus: 'paid',
    status: 'pending',
    planName: 'Resume Review',
  }),
  apiOrder({
    id: 'paid-missing',
    paymentStatus: 'paid',
    status: 'pending',
    planName: 'Resume Review',
  }),
  apiOrder({
    id: 'paid-processing',
    paymentStatus: 'paid',
    status: 'processing',
    service: 'resume_rewrite',
    planName: 'Resume Rewrite',
  }),
  apiOrder({
    id: 'paid-done',
    paymentStatus: 'paid',
    status: 'completed',
    service: 'resume_rewrite',
    planName: 'Resume Rewrite',
    receiptUrl: '/api/orders/paid-done/receipt',
    attachments: [
      {
        name: 'final.pdf',
        filename: 'final.pdf',
        url: '/api/orders/paid-done/attachments/final.pdf',
      },
    ],
  }),
  apiOrder({
    id: 'paid-refunded',
    paymentStatus: 'paid',
    status: 'refunded',
    planName: 'Resume Review',
  }),
  apiOrder({ id: 'unpaid-1' }),
  apiOrder({ id: 'unpaid-2' }),
  apiOrder({ id: 'unpaid-3' }),
  apiOrder({ id: 'unpaid-4' }),
];

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('orders', () => {
  it('loads the history by e-mail and shows paid orders in the table', async () => {
    const fetchMock = stubFetch(() => json(200, { orders: history }));
    await renderApp('/orders', { user: customer });
    const table = await screen.findByRole('table', { name: 'Order history' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/orders/history/asha%40example.com');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Order ID',
      'Service',
      'Status',
      'Payment',
      'Ordered Time',
      'Uploads',
      'Admin Attachments / Suggestions',
      'Actions',
    ]);
    expect(rows()).toHaveLength(5);
    expect(within(table).getByRole('button', { name: 'Receipt: paid-done' })).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Download final.pdf' })).toBeVisible();
    expect(within(table).queryByText('Queued')).toBeNull();
  });

  it('marks a new delivery until the customer opens it, then reads the history again', async () => {
    let opened = false;
    const delivered = () =>
      apiOrder({
        id: 'delivered-1',
        paymentStatus: 'paid',
        status: 'processing',
        hasReviewSuggestions: true,
        reviewSuggestions: 'Lead with numbers.',
        newDelivery: !opened,
      });
    const fetchMock = stubFetch((request) => {
      if (request.method === 'POST' && request.path === '/api/orders/delivered-1/delivery-opened') {
        opened = true;
        return json(200, { order: delivered() });
      }
      if (request.path.endsWith('/suggestions')) {
        return json(200, { reviewSuggestions: 'Lead with numbers.' });
      }
      return json(200, { orders: [delivered()] });
    });
    await renderApp('/orders', { user: customer });
    const table = await screen.findByRole('table', { name: 'Order history' });
    // In the Status column, and on the Delivered step of the timeline it opens.
    expect(within(table).getAllByText('New delivery')[0]).toBeVisible();
    await userEvent.click(within(table).getByRole('button', { name: 'Suggestions: delivered-1' }));
    await waitFor(() => expect(within(table).queryByText('New delivery')).toBeNull());
    const posts = requestsOf(fetchMock).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual(['/api/orders/delivered-1/delivery-opened']);
  });

  it("offers a built resume's PDF and Word file where an upload order lists its file", async () => {
    const built = apiOrder({
      id: 'built-1',
      paymentStatus: 'paid',
      service: 'resume_from_scratch',
      planName: 'ATS Resume – From Scratch',
      customerUploads: [],
    });
    stubFetch(() => json(200, { orders: [built] }));
    await renderApp('/orders', { user: customer });
    const table = await screen.findByRole('table', { name: 'Order history' });
    expect(within(table).getByRole('button', { name: 'Download resume.pdf' })).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Download resume.docx' })).toBeVisible();
  });

  // A missing status or 'paid' already reads as pending in the API's answer (SPEC §4).
  it('filters by status', async () => {
    stubFetch(() => json(200, { orders: history }));
    await renderApp('/orders', { user: customer });
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('radio', { name: /Pending/ }));
    expect(rows()).toHaveLength(2);
    // Pending and paid: the customer reads that the work has yet to start, not a payment due.
    for (const row of rows()) expect(row).toHaveTextContent('Paid · waiting to start');
    await userEvent.click(screen.getByRole('radio', { name: /Processing/ }));
    expect(rows()).toHaveLength(1);
    await userEvent.click(screen.getByRole('radio', { name: /Completed/ }));
    expect(rows()[0]).toHaveTextContent('Completed');
    // A refund has its own filter, its own chip, and never reads as paid.
    await userEvent.click(screen.getByRole('radio', { name: /Refunded/ }));
    expect(rows()).toHaveLength(1);
    const refundedCells = within(rows()[0] as HTMLElement).getAllByRole('cell');
    expect(refundedCells.map((cell) => cell.textContent)).toContain('Refunded');
    expect(rows()[0]).not.toHaveTextContent(/\bPaid\b/);
    await userEvent.click(screen.getByRole('radio', { name: /All/ }));
    expect(rows()).toHaveLength(5);
  });

  it('a banner links up to 3 unpaid orders and all of them', async () => {
    stubFetch(() => json(200, { orders: history }));
    await renderApp('/orders', { user: customer });
    const banner = await screen.findByRole('region', { name: '4 orders are awaiting payment' });
    const links = within(banner).getAllByRole('link', { name: /^Resume Checkout/ });
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAttribute('href', '/checkout?orderId=unpaid-1');
    expect(within(banner).getByRole('link', { name: 'See all pending' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('with no paid orders: No paid orders yet', async () => {
    stubFetch(() => json(200, { orders: [apiOrder()] }));
    await renderApp('/orders', { user: customer });
    expect(await screen.findByRole('heading', { name: 'No paid orders yet' })).toBeVisible();
    expect(screen.getByRole('region', { name: '1 order is awaiting payment' })).toBeVisible();
  });

  it('a failed load says so and retries', async () => {
    stubFetch(() => json(500, null));
    await renderApp('/orders', { user: customer });
    expect(await screen.findByText('Failed to load orders.')).toBeVisible();
    stubFetch(() => json(200, { orders: history }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeVisible();
  });

  it('without an e-mail in the session asks to log in', async () => {
    stubFetch(() => json(200, { orders: [] }));
    await renderApp('/orders', { user: { ...customer, email: '' } });
    expect(
      await screen.findByRole('heading', { name: 'Please log in to view your orders.' }),
    ).toBeVisible();
  });

  it('review suggestions open in a modal, with their empty and error states', async () => {
    let answer = json(200, { reviewSuggestions: 'Lead with results.\nCut the objective.' });
    stubFetch((request) =>
      request.path.endsWith('/suggestions') ? answer.clone() : json(200, { orders: history }),
    );
    await renderApp('/orders', { user: customer });
    await userEvent.click(await screen.findByRole('button', { name: 'Suggestions: paid-pending' }));
    const dialog = screen.getByRole('dialog', { name: 'Review suggestions' });
    expect(await within(dialog).findByText(/Lead with results/)).toBeVisible();
    fireEvent.keyDown(dialog, { key: 'Escape' });

    answer = json(200, { reviewSuggestions: null });
    await userEvent.click(screen.getByRole('button', { name: 'Suggestions: paid-missing' }));
    expect(await within(dialog).findByText('No suggestions yet.')).toBeVisible();
    fireEvent.keyDown(dialog, { key: 'Escape' });

    answer = json(500, null);
    await userEvent.click(screen.getByRole('button', { name: 'Suggestions: paid-pending' }));
    expect(await within(dialog).findByText('Unable to load suggestions.')).toBeVisible();
  });

  it('on a phone each paid order is a card with the same facts', async () => {
    const media = mockMatchMedia(() => false);
    try {
      stubFetch(() => json(200, { orders: history }));
      await renderApp('/orders', { user: customer });
      const cards = await screen.findByRole('list', { name: 'Order history' });
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(cards).getAllByRole('heading', { level: 2 })).toHaveLength(5);
      expect(within(cards).getByRole('button', { name: 'Receipt: paid-done' })).toBeVisible();
      expect(within(cards).getAllByText('Admin Attachments / Suggestions')).toHaveLength(5);
    } finally {
      media.restore();
    }
  });
});
