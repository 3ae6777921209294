import { type SmtpTestServer, startSmtpTestServer } from '@shortlist/api/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverOrder,
  payOrder,
  placeServiceOrder,
  refundOrder,
  startProcessing,
} from './support/bench-seed';
import { launchBrowser, newTestContext } from './support/browser';
import {
  apiCall,
  loginToken,
  registerCustomer,
  shootBothWidths,
  tinyPdf,
} from './support/customer-api';
import { fillLoginForm } from './support/login-form';
import { startTestServer, type TestServer } from './support/server';

const ADMIN = { email: 'admin@shortlist.test', password: 'admin-pass-123' };

interface SeenMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/**
 * A customer orders and pays in the browser, an admin moves the order through every step, a
 * second order is refunded: the customer has one mail per step, read where mail really goes —
 * a real SMTP server (SMTP_URL) and the local outbox read through the admin's API (default mode).
 */
describe.each(['smtp', 'outbox'] as const)('order mails in a journey (%s)', (mode) => {
  let server: TestServer;
  let browser: Browser;
  let smtp: SmtpTestServer | null = null;
  let adminToken: string;
  const contexts: BrowserContext[] = [];
  const customer = { email: `meera.${mode}@customers.test`, password: 'meera-pass-1' };

  beforeAll(async () => {
    if (mode === 'smtp') smtp = await startSmtpTestServer();
    [server, browser] = await Promise.all([
      startTestServer({
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...(smtp === null ? {} : { SMTP_URL: smtp.url }),
      }),
      launchBrowser(),
    ]);
    adminToken = await loginToken(server.url, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await newTestContext(browser, { viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  /** Every mail sent so far, from the SMTP server or the admin's outbox (list, then each mail). */
  async function mails(): Promise<SeenMail[]> {
    if (smtp !== null) {
      return smtp.received.map((mail) => ({
        to: mail.to.join(', '),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      }));
    }
    const list = await apiCall<{ items: { id: string; to: string; subject: string }[] }>(
      server.url,
      '/admin/outbox?limit=100',
      { token: adminToken },
    );
    return Promise.all(
      list.body.items.map(async (item) => {
        const page = await fetch(`${server.url}/api/admin/outbox/${item.id}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        return { to: item.to, subject: item.subject, text: await page.text(), html: null };
      }),
    );
  }

  const customerSubjects = async () =>
    (await mails()).filter((mail) => mail.to === customer.email).map((mail) => mail.subject);

  it('mails the customer at every step, once each, and the admin of the paid order', async () => {
    await registerCustomer(server.url, customer.email, customer.password);
    const page = await newPage();
    await page.goto(`${server.url}/login?next=${encodeURIComponent('/home?open=resume_review')}`);
    await fillLoginForm(page, customer);
    const dialog = page.getByRole('dialog', { name: 'Resume Review' });
    await dialog.waitFor();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'meera-cv.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await dialog.getByText('meera-cv.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL(/\/checkout\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';

    // Placed and not paid: the mail with the checkout link arrives before the customer pays.
    await expect
      .poll(customerSubjects, { timeout: 20_000 })
      .toEqual(['Your Shortlist order is awaiting payment']);
    const placed = (await mails()).find((mail) => mail.to === customer.email);
    expect(placed?.text).toContain(`/checkout?orderId=${orderId}`);

    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.locator('[data-razorpay-sandbox]').getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('dialog', { name: 'Order placed' }).waitFor();

    await startProcessing(server.url, adminToken, orderId);
    const saved = await apiCall(server.url, `/admin/orders/${orderId}/suggestions`, {
      method: 'PUT',
      token: adminToken,
      body: { text: 'Start each bullet with a number.' },
    });
    expect(saved.status).toBe(200);
    await deliverOrder(server.url, adminToken, orderId, 'Meera-Rao-reviewed.pdf');

    const customerToken = await loginToken(server.url, customer.email, customer.password);
    const second = await placeServiceOrder(server.url, customerToken, {
      service: 'resume_review',
      fileName: 'second.pdf',
    });
    await payOrder(server.url, customerToken, second);
    await refundOrder(server.url, adminToken, second);

    const expected = [
      'Your Shortlist order is awaiting payment',
      'Payment received: ₹200 (INR)',
      'We have started work on your Shortlist order',
      'Your resume review suggestions are ready',
      'Your Shortlist delivery is ready',
      'Your Shortlist order is complete',
      // The second order: paid at once by script, so only its receipt and its refund.
      'Payment received: ₹200 (INR)',
      'Your refund of ₹200 (INR) is on its way',
    ];
    await expect
      .poll(async () => (await customerSubjects()).sort(), { timeout: 30_000 })
      .toEqual(expected.sort());

    const all = await mails();
    const refund = all.find((mail) => mail.subject.startsWith('Your refund'));
    expect(refund?.text).toContain('5-7 business days');
    expect(refund?.text).toContain(second);
    const staff = all.filter((mail) => mail.to === ADMIN.email).map((mail) => mail.subject);
    expect(staff).toEqual([
      'New paid order: Resume Review (₹200 INR)',
      'New paid order: Resume Review (₹200 INR)',
    ]);
    // No resume content in any mail: the suggestions stay in the app.
    for (const mail of all) expect(mail.text).not.toContain('Start each bullet with a number.');

    if (smtp !== null) {
      // How the mails look, at a phone's and a desktop's width.
      const receipt = all.find((mail) => mail.subject.startsWith('Payment received'));
      const view = await newPage();
      for (const [name, mail] of [
        ['mail-receipt', receipt],
        ['mail-refund', refund],
      ] as const) {
        await view.setContent(mail?.html ?? '');
        await shootBothWidths(view, name);
      }
    }
  });
});
