import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createInfluencer, loginToken, tinyPdf } from './support/customer-api';
import { seedReferredReviews } from './support/influencer';
import { expectAccessible, useJourney } from './support/journey';
import { fillLoginForm } from './support/login-form';
import { screenshotBothWidths } from './support/screenshots';
import { auditVerify } from './support/verify-replay';

const ADMIN = { email: 'admin@shortlist.test', password: 'admin-pass-123' };
const INFLUENCER = { email: 'riya@influencers.test', password: 'riya-pass-1', name: 'Riya Sen' };
const SHOTS = '/work/briefs/shots/partner';

// The partner programme as the admin, an influencer and a referred customer live it: the admin
// sets the commission; a tagged short link is clicked; the referred customer's rewrite is paid
// and completed; the funnel and the statement show it; a refund after a payout request leaves a
// debt; the payout is rejected with a reason, asked again, approved net of the debt, exported
// for the bank and marked paid.
describe('partner programme journey', () => {
  let adminToken = '';
  let influencer = { id: '', code: '' };
  let seededOrders: string[] = [];
  const journey = useJourney(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    async ({ server }) => {
      adminToken = await loginToken(server.url, ADMIN.email, ADMIN.password);
      influencer = await createInfluencer(server.url, adminToken);
    },
  );
  const url = (path: string) => `${journey.server.url}${path}`;

  async function open(page: Page, path: string): Promise<void> {
    await page.goto(url(path));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }

  async function adminPage(): Promise<Page> {
    const page = await journey.newPage();
    await open(page, '/login');
    await fillLoginForm(page, ADMIN);
    await page.waitForURL((address) => !address.pathname.startsWith('/login'));
    return page;
  }

  async function influencerPage(): Promise<Page> {
    const page = await journey.newPage();
    await open(page, '/influencer/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(INFLUENCER.email);
    await page.getByLabel('Password', { exact: true }).fill(INFLUENCER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Influencer dashboard' }).waitFor();
    return page;
  }

  /** A screenshot of the page as it rests: toasts dismissed, wide tables scrolled to their start. */
  async function shoot(page: Page, name: string): Promise<void> {
    const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
    for (let tries = 0; tries < 10 && (await dismiss.count()) > 0; tries += 1) {
      await dismiss
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    }
    await page.evaluate(() => {
      for (const scroller of document.querySelectorAll('section[tabindex="0"]')) {
        scroller.scrollLeft = 0;
      }
    });
    await screenshotBothWidths(page, SHOTS, name);
  }

  /** Reloads until `read` answers `expected` (the reactor and projectors run a moment later). */
  async function until<T>(page: Page, read: () => Promise<T>, expected: T, timeout = 30_000) {
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          return read();
        },
        { timeout, interval: 500 },
      )
      .toEqual(expected);
  }

  let rewrite = '';

  it('the admin sets the commission; the kit shows it; a tagged click leads a rewrite to commission', async () => {
    const admin = await adminPage();
    await open(admin, '/admin/reward-rules');
    await admin.getByLabel('Rule', { exact: true }).selectOption('order_commission');
    await admin.getByLabel(/^Amount/).fill('210');
    await admin.getByRole('button', { name: 'Save rule' }).click();
    await admin.getByText('The commission must be between ₹150 and ₹200.').first().waitFor();
    await admin.getByLabel(/^Amount/).fill('180');
    await admin.getByRole('button', { name: 'Save rule' }).click();
    await admin.getByText('Reward rule saved').first().waitFor();
    await expect.poll(() => admin.getByTestId('order-commission-amount').innerText()).toBe('₹180');
    await admin.getByRole('table', { name: 'History' }).getByText('Order commission').waitFor();
    await expectAccessible(admin);

    // The public kit promises what the ledger pays.
    const kit = await journey.newPage();
    await open(kit, '/influencer-kit');
    await kit.getByText('₹180', { exact: true }).waitFor();

    // A visitor follows the short link of a tagged post, in a browser of their own.
    const visitor = await journey.newPage();
    await visitor.goto(url(`/r/${influencer.code}?c=insta-reel`));
    await visitor.waitForURL(/\/register\?ref=/);
    expect(new URL(visitor.url()).searchParams.get('campaign')).toBe('insta-reel');
    await visitor.getByText(`Referral code ${influencer.code} will be applied.`).waitFor();
    const cookies = await visitor.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'ref')?.value).toBe(influencer.code);
    expect(await visitor.evaluate(() => localStorage.getItem('ref_campaign'))).toBe('insta-reel');
    await visitor.getByLabel('Full name', { exact: true }).fill('Nisha Kapoor');
    await visitor.getByRole('textbox', { name: 'Email' }).fill('nisha@customers.test');
    await visitor.getByLabel('Password', { exact: true }).fill('nisha-pass-1');
    await visitor.getByLabel('Confirm password', { exact: true }).fill('nisha-pass-1');
    await visitor.getByRole('checkbox').check();
    await visitor.getByRole('button', { name: 'Sign up' }).click();
    await visitor.waitForURL(url('/'));

    await open(visitor, '/home?open=resume_rewrite');
    const dialog = visitor.getByRole('dialog', { name: /Rewrite/ });
    await dialog.waitFor();
    await visitor.locator('input[type="file"]').setInputFiles({
      name: 'nisha-cv.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await dialog.getByRole('button', { name: 'Continue to checkout' }).click();
    await visitor.waitForURL(/\/checkout\?orderId=/);
    rewrite = new URL(visitor.url()).searchParams.get('orderId') ?? '';
    await visitor.getByRole('button', { name: 'Pay Now' }).click();
    const sandbox = visitor.locator('[data-razorpay-sandbox]');
    await sandbox.waitFor();
    await sandbox.getByRole('button', { name: /^Pay / }).click();
    await visitor.getByRole('dialog', { name: 'Order placed' }).waitFor();

    // Paid: the commission is pending while the order can still be refunded.
    const page = await influencerPage();
    const step = (key: string) => page.getByTestId(`funnel-${key}`).innerText();
    await until(
      page,
      async () => [await step('clicks'), await step('registrations'), await step('firstPurchases')],
      ['1', '1', '1'],
    );
    await open(page, '/influencer/payouts');
    await page.getByText(/₹180 pending/).waitFor();

    // The admin completes the order: the commission is earned.
    const completed = await apiCall(journey.server.url, `/admin/orders/${rewrite}`, {
      method: 'PATCH',
      token: adminToken,
      body: { status: 'completed' },
    });
    expect(completed.status).toBe(200);
    await open(page, '/influencer/statement');
    const statement = page.getByRole('table', { name: 'Earnings statement' });
    await until(
      page,
      () =>
        statement.getByText(`Commission earned: order ${rewrite.slice(0, 8)} completed`).count(),
      1,
    );
    await statement
      .getByText(`Commission pending for order ${rewrite.slice(0, 8)}: ₹180`, { exact: false })
      .waitFor();
    expect(await page.getByTestId('statement-balance').innerText()).toBe('₹180');
    await expectAccessible(page);
    await shoot(page, 'statement');

    await open(page, '/influencer/');
    const funnel = page.getByRole('region', { name: 'Your funnel, last 12 weeks' });
    await until(page, () => page.getByTestId('funnel-commission').innerText(), '₹180');
    const campaigns = funnel.getByRole('table', { name: 'Funnel per campaign' });
    expect(await campaigns.getByRole('row').nth(1).innerText()).toMatch(
      /insta-reel\s+1\s+1\s+1\s+₹180/,
    );
    await funnel.getByLabel(/^Campaign tag/).fill('yt-short');
    await funnel
      .getByRole('status', { name: 'Short link' })
      .getByText(`/r/${influencer.code}?c=yt-short`)
      .waitFor();
    await expectAccessible(page);
    await shoot(page, 'funnel');
  });

  it('a refund after a payout request is a debt; rejected with a reason, then approved net of it, exported and paid', async () => {
    // 50 more referred customers with a paid review: 51 registrations, ₹2,500 + ₹180.
    seededOrders = await seedReferredReviews(journey.server.url, influencer.code, 50);
    const page = await influencerPage();
    await open(page, '/influencer/payouts');
    await until(
      page,
      () => page.getByRole('progressbar', { name: /^Balance:/ }).getAttribute('aria-label'),
      'Balance: ₹2,680 of ₹2,500',
      90_000,
    );

    // Paid to a bank account: the format is checked before anything is sent.
    await page.getByRole('button', { name: 'Request payout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment details' });
    await dialog.getByLabel(/^Payee name/).fill(INFLUENCER.name);
    await dialog.getByLabel(/^Mobile/).fill('9876543210');
    await dialog.getByLabel(/^Pay me by/).selectOption('bank');
    await dialog.getByLabel(/^Bank name/).fill('State Bank of India');
    await dialog.getByLabel(/^Account number/).fill('123456789012');
    await dialog.getByLabel(/^IFSC/).fill('SBIN01234');
    await dialog.getByRole('button', { name: 'Request payout' }).click();
    await dialog.getByText('11 characters, e.g. SBIN0001234').first().waitFor();
    await dialog.getByLabel(/^IFSC/).fill('SBIN0001234');
    await dialog.getByRole('button', { name: 'Request payout' }).click();
    await page.getByText('Payout request sent!').waitFor();

    // A referred order is refunded while the whole balance is held: the clawback still lands.
    const refund = async (orderId: string) => {
      const answer = await apiCall(journey.server.url, `/admin/orders/${orderId}/refund`, {
        method: 'POST',
        token: adminToken,
      });
      expect(answer.status).toBe(200);
    };
    await refund(seededOrders[0] ?? '');
    await until(page, () => page.getByText(/^You owe ₹50/).count(), 1);
    await expectAccessible(page);

    // The admin sees the debt, and rejects with a reason the influencer reads.
    const admin = await adminPage();
    await open(admin, '/admin/influencer-payouts');
    await until(admin, () => admin.getByText('Debt ₹50').count(), 1);
    await admin.getByRole('button', { name: `Reject ${INFLUENCER.name}` }).click();
    const reject = admin.getByRole('dialog', { name: `Reject the payout of ${INFLUENCER.name}?` });
    await reject.getByLabel(/^Reason/).fill('Bank name does not match the IFSC');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await admin.getByText('Payout updated').first().waitFor();
    await until(
      page,
      () => page.getByText('Rejected: Bank name does not match the IFSC').count(),
      1,
    );
    // The returned ₹2,680 settles the ₹50 debt.
    await page.getByRole('progressbar', { name: 'Balance: ₹2,630 of ₹2,500' }).waitFor();

    // Asked again with the saved details; another refund lands while it is held.
    await page.getByRole('button', { name: 'Request payout' }).click();
    await dialog.getByText('Filled in from your last request.').waitFor();
    expect(await dialog.getByLabel(/^IFSC/).inputValue()).toBe('SBIN0001234');
    await dialog.getByRole('button', { name: 'Request payout' }).click();
    await page.getByText('Payout request sent!').waitFor();
    await refund(seededOrders[1] ?? '');
    await until(page, () => page.getByText(/^You owe ₹50/).count(), 1);

    // Approved net of the debt, exported for the bank, marked paid with the reference.
    await until(admin, () => admin.getByText('Debt ₹50').count(), 1);
    await admin.getByRole('button', { name: `Approve ${INFLUENCER.name}` }).click();
    const approve = admin.getByRole('dialog', {
      name: `Approve the payout of ${INFLUENCER.name}?`,
    });
    await approve.getByText('₹2,630 is held for Riya Sen.').waitFor();
    await approve.getByText(/A debt of ₹50 .* ₹2,580 will be paid\./).waitFor();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('button', { name: `Mark paid ${INFLUENCER.name}` }).waitFor();

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export approved (CSV)' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    const [header, row, ...rest] = csv.trimEnd().split('\r\n');
    // RazorpayX's Bulk Payouts template (amounts in rupees), read by its headings.
    const headings = (header ?? '').split(',');
    expect(headings.slice(0, 5)).toEqual([
      'RazorpayX Account Number',
      'Payout Amount (in Rupees)',
      'Payout Currency',
      'Payout Mode',
      'Payout Purpose',
    ]);
    const cells = Object.fromEntries(
      (row ?? '').split(',').map((cell, index) => [headings[index], cell]),
    );
    expect(cells).toMatchObject({
      'Payout Amount (in Rupees)': '2580.00',
      'Payout Currency': 'INR',
      'Payout Mode': 'NEFT',
      'Fund Account Type': 'bank_account',
      'Fund Account Name': 'Riya Sen',
      'Fund Account Ifsc': 'SBIN0001234',
      'Fund Account Number': '123456789012',
      'Contact Mobile': '9876543210',
      'Payout Narration': 'Shortlist partner payout',
    });
    expect(rest).toEqual([]);
    await admin.getByText('Exported 1 approved payout (₹2,580).').waitFor();
    await expectAccessible(admin);
    await shoot(admin, 'admin-payout-approved');

    await admin.getByRole('button', { name: `Mark paid ${INFLUENCER.name}` }).click();
    const pay = admin.getByRole('dialog', { name: `Mark the payout of ${INFLUENCER.name} paid` });
    await pay.getByLabel(/^Transfer reference/).fill('UTR-SBIN-4411');
    await pay.getByRole('button', { name: 'Mark paid' }).click();
    await admin.getByRole('table').getByText('UTR-SBIN-4411').waitFor();
    await shoot(admin, 'admin-payout');

    await until(
      page,
      () => page.getByRole('table', { name: 'Your payouts' }).getByText('UTR-SBIN-4411').count(),
      1,
    );
    await page.getByText('₹50 went to your debt').waitFor();
    await page.getByRole('progressbar', { name: 'Balance: ₹0 of ₹2,500' }).waitFor();
    await shoot(page, 'payouts');
  });

  it('replaying every event rebuilds the same read models', async () => {
    const audit = await auditVerify(journey.server);
    expect(audit.lines.at(-1), audit.lines.join('\n')).toBe('read models match the events');
    expect(audit.exitCode).toBe(0);
  });
});
