import { clearSession } from '@shortlist/web-kit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, json, renderAdmin, stubApi } from '../../testing/render-admin';
import { auditTrailAnswer, detailAnswer, listItem, ORDER_ID } from './orders-testing';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

/** The drawer's payment facts for an order paid by `method` (null: not recorded). */
async function paymentFactsFor(method: string | null) {
  const detail = detailAnswer();
  const answer = { ...detail, payment: { ...detail.payment, method } };
  stubApi(({ method: verb, path }) => {
    if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
    if (verb === 'GET' && path.startsWith('/admin/orders?'))
      return json(200, { items: [listItem()], total: 1 });
    if (verb === 'GET' && path === `/admin/orders/${ORDER_ID}/history`)
      return json(200, auditTrailAnswer);
    if (verb === 'GET' && path === `/admin/orders/${ORDER_ID}`) return json(200, answer);
    return undefined;
  });
  renderAdmin('/orders');
  // The first render loads the lazy Orders screen: more than the default second on a cold run.
  const view = await screen.findByRole(
    'button',
    { name: /^View details of order/ },
    { timeout: 5_000 },
  );
  await userEvent.click(view);
  const panel = screen.getByRole('dialog', { name: `Order ${ORDER_ID.slice(0, 8)}` });
  await within(panel).findByText('pay_Sbx456');
  return panel;
}

describe('Order drawer: payment method', () => {
  it('names the method the customer paid with', async () => {
    const panel = await paymentFactsFor('upi');
    expect(within(panel).getByText('UPI')).toBeVisible();
    expect(within(panel).queryByText('Not recorded')).toBeNull();
  });

  it('shows a method it has no name for as Razorpay names it', async () => {
    const panel = await paymentFactsFor('nach');
    expect(within(panel).getByText('nach')).toBeVisible();
  });

  it('says "Not recorded" for a payment recorded before the method was kept', async () => {
    const panel = await paymentFactsFor(null);
    expect(within(panel).getByText('Not recorded')).toBeVisible();
  });
});
