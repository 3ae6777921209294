import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAsAdmin, payReviewOrder, shootAdmin, waitForToast } from './support/admin-orders';
import { apiCall, loginToken, tinyPdf } from './support/customer-api';
import { expectAccessible, useJourney } from './support/journey';
import type { Person } from './support/login-form';
import { auditVerify, influencerBalances } from './support/verify-replay';

const ADMIN: Person = { email: 'admin@shortlist.test', password: 'admin-pass-123' };

// The Orders screen in Chromium against the real server: a paid review worked through to
// Complete and read by its customer, and a pending paid order refunded with its History.
describe('admin orders journeys', () => {
  const journey = useJourney({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const newPage = () => journey.newPage();

  /** The admin finds the order by searching its id and opens its drawer. */
  async function findAndOpen(page: Page, orderId: string) {
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderId);
    await page.waitForURL((url) => url.searchParams.get('q') === orderId);
    const short = orderId.slice(0, 8);
    const row = page.getByRole('row', { name: `View details of order ${short}` });
    await row.waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(2);
    return { row, short };
  }

  it('(1) a paid review: History shows the payment; Processing, a PDF, suggestions, Complete; the customer reads it all', async () => {
    const customer: Person = { email: 'tara@customers.test', password: 'tara-pass-123' };
    const customerPage = await newPage();
    const orderId = await payReviewOrder(customerPage, journey.server.url, customer);

    const page = await newPage();
    await openAsAdmin(page, journey.server.url, '/admin/orders', ADMIN);
    const { row, short } = await findAndOpen(page, orderId);
    expect(await row.innerText()).toContain('tara@customers.test');
    expect(await row.innerText()).toContain('₹200');
    await expectAccessible(page);
    await shootAdmin(page, 'orders');

    await row.getByRole('button', { name: `View details of order ${short}` }).click();
    const drawer = page.getByRole('dialog', { name: `Order ${short}` });
    await drawer.getByRole('button', { name: 'Download my-cv.pdf' }).waitFor();
    await drawer.getByRole('tab', { name: 'History' }).click();
    const history = drawer.getByRole('list', { name: 'Audit trail' });
    await history.getByText('Payment received').waitFor();
    expect(await history.getByText('by Razorpay').count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await shootAdmin(page, 'orders-drawer-history');
    await drawer.getByRole('tab', { name: 'Details' }).click();

    await drawer.getByRole('button', { name: 'Set Processing' }).click();
    await waitForToast(page, 'Status updated');
    await drawer.getByRole('button', { name: 'Set Processing', pressed: true }).waitFor();

    await drawer.getByRole('button', { name: `Attach a delivery file to order ${short}` }).click();
    const attach = page.getByRole('dialog', { name: 'Attach delivery file' });
    await attach.locator('input[type="file"]').setInputFiles({
      name: 'tara-reviewed.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await attach.getByRole('button', { name: 'Upload' }).click();
    await waitForToast(page, 'Attachment uploaded');
    await drawer.getByRole('button', { name: 'Download tara-reviewed.pdf' }).waitFor();

    await drawer.getByRole('button', { name: `Suggestions for order ${short}` }).click();
    const suggestions = page.getByRole('dialog', { name: 'Review suggestions' });
    await suggestions
      .getByLabel('Suggestions')
      .fill('Lead with numbers: cut the summary to two lines.');
    await expectAccessible(page);
    await suggestions.getByRole('button', { name: 'Save suggestions' }).click();
    await waitForToast(page, 'Suggestions saved');
    await drawer.getByText('Lead with numbers: cut the summary to two lines.').waitFor();

    await drawer.getByRole('button', { name: 'Set Complete' }).click();
    await waitForToast(page, 'Status updated');
    await drawer.getByRole('button', { name: 'Set Complete', pressed: true }).waitFor();
    await expectAccessible(page);
    await shootAdmin(page, 'orders-drawer');

    await drawer.getByRole('tab', { name: 'History' }).click();
    for (const step of ['Delivery file attached', 'Suggestions saved']) {
      await history.getByText(step).waitFor();
    }
    await history.getByText('Processing → Completed').waitFor();

    // The customer's side: completed, the delivery downloads, the suggestions read.
    await customerPage.goto(`${journey.server.url}/orders`);
    const table = customerPage.getByRole('table', { name: 'Order history' });
    const customerRow = table.getByRole('row').filter({ hasText: 'Resume Review' });
    // The stage chip (the timeline's own "Completed" step waits, folded, under it).
    await customerRow.getByText('Completed').first().waitFor();
    const [download] = await Promise.all([
      customerPage.waitForEvent('download'),
      customerRow.getByRole('button', { name: 'Download tara-reviewed.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tara-reviewed.pdf');
    await customerRow.getByRole('button', { name: `Suggestions: ${orderId}` }).click();
    await customerPage
      .getByRole('dialog', { name: 'Review suggestions' })
      .getByText('Lead with numbers: cut the summary to two lines.')
      .waitFor();
  });

  it('(5) a pending paid order refunded: the confirmation names the money, the History shows it', async () => {
    const customer: Person = { email: 'omar@customers.test', password: 'omar-pass-123' };
    const orderId = await payReviewOrder(await newPage(), journey.server.url, customer);

    const page = await newPage();
    await openAsAdmin(page, journey.server.url, '/admin/orders?status=pending', ADMIN);
    const { row, short } = await findAndOpen(page, orderId);
    await row.getByRole('button', { name: `Refund order ${short}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund this order?' });
    await confirm.getByText(/₹200 \(INR\) goes back to Meera Rao/).waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Refund ₹200' }).click();
    await waitForToast(page, 'Refund issued.');

    await page.getByRole('combobox', { name: 'Status' }).selectOption('refunded');
    await row.getByText('Refunded').waitFor();
    expect(await row.getByRole('button', { name: `Refund order ${short}` }).count()).toBe(0);
    await row.getByRole('button', { name: `View details of order ${short}` }).click();
    const drawer = page.getByRole('dialog', { name: `Order ${short}` });
    await drawer.getByRole('tab', { name: 'History' }).click();
    const history = drawer.getByRole('list', { name: 'Audit trail' });
    await history.getByText('Refund issued by the provider').waitFor();
    await history.getByText('Order refunded').waitFor();
    await expectAccessible(page);
  });

  it('after the journeys: every paid order names its method (UPI in the drawer); replays match the read models', async () => {
    const { url } = journey.server;
    const token = await loginToken(url, ADMIN.email, ADMIN.password);
    const { body } = await apiCall<{ items: { id: string }[] }>(url, '/admin/orders?limit=100', {
      token,
    });
    expect(body.items.length).toBeGreaterThanOrEqual(2);
    for (const { id } of body.items) {
      const detail = await apiCall<{ payment: { method: string | null } | null }>(
        url,
        `/admin/orders/${id}`,
        { token },
      );
      // The sandbox's checkout offers UPI first, as Razorpay's does for an Indian customer.
      expect(detail.body.payment?.method, id).toBe('upi');
    }
    const [first] = body.items;
    if (!first) throw new Error('no paid order');
    const page = await newPage();
    await openAsAdmin(page, url, `/admin/orders?q=${first.id}`, ADMIN);
    const short = first.id.slice(0, 8);
    const row = page.getByRole('row', { name: `View details of order ${short}` });
    await row.getByRole('button', { name: `View details of order ${short}` }).click();
    const drawer = page.getByRole('dialog', { name: `Order ${short}` });
    await drawer.locator('dt', { hasText: 'Method' }).locator('+ dd', { hasText: 'UPI' }).waitFor();

    const audit = await auditVerify(journey.server);
    expect(audit.lines.at(-1), audit.lines.join('\n')).toBe('read models match the events');
    expect(audit.exitCode).toBe(0);
    // No influencer takes part here: their statements and ledgers agree by having nothing.
    expect(await influencerBalances(journey.server, token)).toEqual([]);
  });
});
