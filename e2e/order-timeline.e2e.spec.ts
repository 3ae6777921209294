import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAsAdmin, waitForToast } from './support/admin-orders';
import { waitForSettled } from './support/browser';
import { apiCall, registerCustomer, tinyPdf } from './support/customer-api';
import { expectAccessible, useJourney } from './support/journey';
import { fillLoginForm, type Person } from './support/login-form';

const ADMIN: Person = { email: 'admin@shortlist.test', password: 'admin-pass-123' };
const CUSTOMER: Person = { email: 'leela@customers.test', password: 'leela-pass-123' };

/** The timeline screenshots the brief asks for, looked at by a person (not in the repository). */
const SHOTS_DIR = '/work/briefs/shots/trust-state';

// A time as the customer app prints it: "26 Nov 2026, 01:02 am".
const TIME = String.raw`\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?[ap]m`;
const re = (pattern: string) => new RegExp(pattern, 'i');

/**
 * True state and the customer's timeline, in Chromium against the real server: a customer who
 * looked at Orders seconds before paying sees the order paid the moment the success modal sends
 * them back (no reload, inside the cache's staleTime); then every step an admin takes shows on
 * the order's timeline with its time, and a refunded order reads Refunded, never Paid.
 */
describe('true order state and the order timeline', () => {
  const journey = useJourney({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const url = (path: string) => `${journey.server.url}${path}`;

  /** In the signed-in app, without loading a page: Home's review card and a PDF, to checkout. */
  async function placeReview(page: Page): Promise<string> {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await page.getByRole('button', { name: 'Get a review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resume Review' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'leela-cv.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await dialog.getByText('leela-cv.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(/\/checkout\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId');
    if (!orderId) throw new Error('checkout opened without an orderId');
    return orderId;
  }

  /** On the order's checkout: Pay Now, the sandbox's Pay, the success modal. */
  async function payInSandbox(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.locator('[data-razorpay-sandbox]').getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('dialog', { name: 'Order placed' }).waitFor();
  }

  async function orderAndPayReview(page: Page): Promise<string> {
    const orderId = await placeReview(page);
    await payInSandbox(page);
    return orderId;
  }

  /** The customer's row of one order in the Orders table. */
  function orderRow(page: Page, orderId: string): Locator {
    return page
      .getByRole('table', { name: 'Order history' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader').filter({ hasText: orderId }) });
  }

  /** The order page's timeline, one entry per step, as the customer reads it. */
  async function timelineOf(page: Page, orderId: string): Promise<string[]> {
    await page.goto(url(`/checkout?orderId=${orderId}`));
    const list = page.getByRole('list', { name: `Timeline of order ${orderId}` });
    await list.waitFor();
    return list.getByRole('listitem').allInnerTexts();
  }

  const flat = (texts: string[]) => texts.map((text) => text.replace(/\s+/g, ' ').trim());

  /** The admin finds the order by its id and opens its drawer. */
  async function openOrderDrawer(admin: Page, orderId: string): Promise<Locator> {
    await admin.getByRole('searchbox', { name: 'Search orders' }).fill(orderId);
    await admin.waitForURL((address) => address.searchParams.get('q') === orderId);
    const short = orderId.slice(0, 8);
    const row = admin.getByRole('row', { name: `View details of order ${short}` });
    await row.getByRole('button', { name: `View details of order ${short}` }).click();
    return admin.getByRole('dialog', { name: `Order ${short}` });
  }

  /** Each width: the page at that width, the first timeline of the Orders list opened. */
  async function shootTimeline(page: Page, name: string, open?: () => Locator): Promise<void> {
    await mkdir(SHOTS_DIR, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await waitForSettled(page);
      const details = open?.();
      if (details && !(await details.evaluate((element) => element.hasAttribute('open')))) {
        await details.locator('summary').click();
        await expect
          .poll(() => details.evaluate((element) => element.hasAttribute('open')))
          .toBe(true);
      }
      await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('(1) paid at once after "Go to Orders"; processing, delivery, completion each on the timeline with its time; a refund reads Refunded', async () => {
    await registerCustomer(journey.server.url, CUSTOMER.email, CUSTOMER.password);
    const page = await journey.newPage();
    await page.goto(url(`/login?next=${encodeURIComponent('/orders')}`));
    await fillLoginForm(page, CUSTOMER);
    await page.getByRole('heading', { name: 'No paid orders yet' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const orderId = await placeReview(page);

    // Orders seen with the order awaiting payment: that answer is now in the cache, fresh for
    // 15 seconds; the banner's link leads to the checkout, the payment, and back to Orders.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Orders' })
      .click();
    const banner = page.getByRole('region', { name: '1 order is awaiting payment' });
    await banner.getByRole('link', { name: /^Resume Checkout/ }).click();
    await page.waitForURL(url(`/checkout?orderId=${orderId}`));
    await payInSandbox(page);
    await page.getByRole('button', { name: 'Go to Orders' }).click();
    await page.waitForURL(url('/orders'));
    const row = orderRow(page, orderId);
    await row.getByText('Paid · waiting to start').waitFor();
    expect(await row.getByText('Paid', { exact: true }).filter({ visible: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'No paid orders yet' }).count()).toBe(0);
    // No page load happened on the way: the same document, the same cache, made true.
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    expect(await row.innerText()).toMatch(re(`Delivery due by ${TIME}`));
    await expectAccessible(page);

    let steps = flat(await timelineOf(page, orderId));
    expect(steps).toEqual([
      expect.stringMatching(re(`^Order placed ${TIME}$`)),
      expect.stringMatching(re(`^Paid ${TIME}$`)),
      'In progress',
      expect.stringMatching(re(`^Delivered Delivery due by ${TIME}$`)),
      'Completed',
    ]);

    // The admin works the order through; the customer sees each step with its time.
    const admin = await journey.newPage();
    await openAsAdmin(admin, journey.server.url, '/admin/orders', ADMIN);
    const drawer = await openOrderDrawer(admin, orderId);
    await drawer.getByRole('button', { name: 'Set Processing' }).click();
    await waitForToast(admin, 'Status updated');

    steps = flat(await timelineOf(page, orderId));
    expect(steps[2]).toMatch(re(`^In progress ${TIME}$`));
    expect(steps[3]).toMatch(re(`^Delivered Delivery due by ${TIME}$`));

    const short = orderId.slice(0, 8);
    await drawer.getByRole('button', { name: `Attach a delivery file to order ${short}` }).click();
    const attach = admin.getByRole('dialog', { name: 'Attach delivery file' });
    await attach.locator('input[type="file"]').setInputFiles({
      name: 'leela-reviewed.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await attach.getByRole('button', { name: 'Upload' }).click();
    await waitForToast(admin, 'Attachment uploaded');

    steps = flat(await timelineOf(page, orderId));
    expect(steps[3]).toMatch(re(`^Delivered ?New delivery ${TIME}$`));
    await expectAccessible(page);
    await shootTimeline(page, 'order-page-delivered');

    // The marker stays until the customer opens the delivery, and goes at once when they do.
    await page.goto(url('/orders'));
    await row.getByText('New delivery').first().waitFor();
    await shootTimeline(page, 'orders-delivered', () => page.locator('main details').first());
    await page.setViewportSize({ width: 1280, height: 900 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download leela-reviewed.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('leela-reviewed.pdf');
    await expect.poll(() => row.getByText('New delivery').count()).toBe(0);

    await drawer.getByRole('button', { name: 'Set Complete' }).click();
    await waitForToast(admin, 'Status updated');
    steps = flat(await timelineOf(page, orderId));
    expect(steps).toEqual([
      expect.stringMatching(re(`^Order placed ${TIME}$`)),
      expect.stringMatching(re(`^Paid ${TIME}$`)),
      expect.stringMatching(re(`^In progress ${TIME}$`)),
      expect.stringMatching(re(`^Delivered ${TIME}$`)),
      expect.stringMatching(re(`^Completed ${TIME}$`)),
    ]);
    await shootTimeline(page, 'order-page-completed');

    // A second order, refunded while pending: Refunded chip and filter, never "Paid".
    await page.goto(url('/orders'));
    await row.getByText('Completed').first().waitFor();
    const refundedId = await orderAndPayReview(page);
    await admin.goto(url('/admin/orders'));
    await admin.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await admin.getByRole('searchbox', { name: 'Search orders' }).fill(refundedId);
    await admin.waitForURL((address) => address.searchParams.get('q') === refundedId);
    const refundShort = refundedId.slice(0, 8);
    await admin.getByRole('button', { name: `Refund order ${refundShort}` }).click();
    await admin
      .getByRole('dialog', { name: 'Refund this order?' })
      .getByRole('button', { name: 'Refund ₹200' })
      .click();
    await waitForToast(admin, 'Refund issued.');

    await page.goto(url('/orders'));
    // The radio is drawn as a pill: its label is what a person taps.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: /Refunded/ }) })
      .click();
    expect(await page.getByRole('radio', { name: /Refunded/ }).isChecked()).toBe(true);
    const refundedRow = orderRow(page, refundedId);
    await refundedRow.waitFor();
    const cells = flat(await refundedRow.getByRole('cell').allInnerTexts());
    expect(cells).toContain('Refunded');
    expect(cells.join(' ')).not.toMatch(/\bPaid\b/);
    expect(await orderRow(page, orderId).count()).toBe(0);
    steps = flat(await timelineOf(page, refundedId));
    expect(steps.at(-1)).toMatch(re(`^Refunded ${TIME} .*5-7 business days`));
    await shootTimeline(page, 'order-page-refunded');
  });

  it("(2) an admin's own reply updates the sidebar's count of open queries without a reload", async () => {
    const message = `Where is my review, ${Date.now()}`;
    const sent = await apiCall(journey.server.url, '/queries', {
      body: { pid: '', contactemail: 'leela@customers.test', contactmessage: message },
    });
    expect(sent.status).toBe(201);

    const admin = await journey.newPage();
    await openAsAdmin(admin, journey.server.url, '/admin/orders', ADMIN);
    await admin.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const nav = admin.getByRole('navigation', { name: 'Admin navigation' });
    await nav.getByRole('link', { name: /^Queries\s*1\s*waiting$/ }).waitFor();

    await nav.getByRole('link', { name: /^Queries/ }).click();
    await admin.getByRole('button', { name: 'Reply to leela@customers.test' }).click();
    const drawer = admin.getByRole('dialog', { name: 'Reply to query' });
    await drawer.getByLabel('Message').fill('It ships today.');
    await drawer.getByRole('button', { name: 'Send & Close' }).click();
    await waitForToast(admin, 'Reply sent.');
    // The count went with the query, inside its minute of staleTime, without a page load.
    await nav.getByRole('link', { name: 'Queries', exact: true }).waitFor();
    expect(
      await admin.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
  });
});
