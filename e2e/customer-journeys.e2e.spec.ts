import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yProblems } from './support/axe';
import { launchBrowser, newTestContext, takeCspViolations } from './support/browser';
import {
  apiCall,
  createInfluencer,
  horizontalOverflow,
  loginToken,
  registerCustomer,
  shootBothWidths,
  tinyPdf,
} from './support/customer-api';
import { startTestServer, type TestServer } from './support/server';

const ADMIN = { email: 'admin@shortlist.test', password: 'admin-pass-123' };

// The customer's journeys end to end: accounts, the builder, ordering, paying in the sandbox.
describe('customer journeys', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
  });

  // The journeys run under the server's CSP: anything it refuses fails the test.
  afterEach(() => {
    expect(takeCspViolations()).toEqual([]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.close();
  });

  async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await newTestContext(browser, { viewport });
    contexts.push(context);
    return context.newPage();
  }

  async function open(page: Page, path: string): Promise<void> {
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  async function expectAccessible(page: Page): Promise<void> {
    expect(await seriousA11yProblems(page)).toEqual([]);
  }

  const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
  const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

  async function fillBuilder(page: Page): Promise<void> {
    await field(page, 'Degree level').selectOption('Bachelors');
    await field(page, 'Major').selectOption('Data Science');
    await field(page, 'Target role').selectOption('Data Analyst');
    await next(page);

    await heading(page, 'Step 2: Personal info').waitFor();
    expect(await field(page, 'Profile ID').inputValue()).not.toBe('');
    await field(page, 'Phone').fill('9876543210');
    await field(page, 'Address').fill('Pune, India');
    await field(page, 'LinkedIn').fill('https://linkedin.com/in/asha');
    await field(page, 'GitHub').fill('N/A');
    await next(page);

    await field(page, 'Professional summary').fill('Analyst who turns data into decisions.');
    await next(page);

    await heading(page, 'Step 4: Work experience').waitFor();
    await field(page, 'Job title').fill('Data Intern');
    await field(page, 'Company').fill('Acme Analytics');
    await field(page, 'Location').fill('Pune');
    await field(page, 'Start').fill('2024-01');
    await field(page, 'End').fill('N/A');
    await field(page, 'Responsibilities').fill('Built weekly dashboards in SQL.');
    await next(page);

    await heading(page, 'Step 5: Education').waitFor();
    await field(page, 'Degree').fill('BSc Statistics');
    await field(page, 'Institution').fill('Pune University');
    await field(page, 'Location').fill('Pune');
    await field(page, 'Start').fill('2020-07');
    await field(page, 'End').fill('2023-05');
    await field(page, 'Major').fill('Statistics');
    await next(page);

    await field(page, 'Technical skills').fill('SQL, Python, Tableau');
    await field(page, 'Soft skills').fill('Writing, teamwork');
    await next(page);

    await heading(page, 'Step 7: Projects').waitFor();
    await field(page, 'Name').fill('Churn model');
    await field(page, 'Technologies').fill('Python');
    await field(page, 'Your role').fill('Lead');
    await field(page, 'Link').fill('N/A');
    await field(page, 'Description').fill('Predicted churn for a telecom.');
    await next(page);

    await heading(page, 'Step 8: Certifications').waitFor();
    await field(page, 'Certification').fill('N/A');
    await field(page, 'Issuing organisation').fill('N/A');
    await field(page, 'Date').fill('N/A');
    await next(page);

    await heading(page, 'Step 9: Languages').waitFor();
    await field(page, 'Language').fill('English');
    await field(page, 'Proficiency').selectOption('Advanced');
  }

  it('(1) register with ?ref=, build a resume in 9 steps, pay in the sandbox, see it paid', async () => {
    const adminToken = await loginToken(server.url, ADMIN.email, ADMIN.password);
    const influencer = await createInfluencer(server.url, adminToken);

    const page = await newPage();
    await open(page, `/register?ref=${influencer.code}`);
    await page.getByText(`Referral code ${influencer.code} will be applied.`).waitFor();
    await expectAccessible(page);
    await field(page, 'Full name').fill('Asha Verma');
    await page.getByRole('textbox', { name: 'Email' }).fill('asha@customers.test');
    await field(page, 'Password').fill('asha-pass-1');
    await field(page, 'Confirm password').fill('asha-pass-1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText('Registration successful', { exact: false }).first().waitFor();

    // The registration carried the code: the influencer's figures count it.
    await expect
      .poll(
        async () => {
          const { body } = await apiCall<{ items: { stats: Record<string, number> }[] }>(
            server.url,
            `/admin/influencers?q=${influencer.code}`,
            { token: adminToken },
          );
          const stats = body.items[0]?.stats ?? {};
          return stats.usersReferred ?? stats.registrations ?? 0;
        },
        { timeout: 15_000 },
      )
      .toBe(1);

    await open(page, '/createresume');
    await expectAccessible(page);
    await next(page);
    await page
      .getByText('Please choose a valid degree level.')
      .or(page.getByText('Please choose a target role (or pick N/A to skip).'))
      .first()
      .waitFor();
    await fillBuilder(page);
    await expectAccessible(page);
    await shootBothWidths(page, 'builder');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL(/\/checkout\?orderId=/);
    await page.getByRole('button', { name: 'Pay Now' }).waitFor();
    await page.getByText('₹850').first().waitFor();
    await expectAccessible(page);
    await shootBothWidths(page, 'checkout');

    await page.getByRole('button', { name: 'Pay Now' }).click();
    const sandbox = page.locator('[data-razorpay-sandbox]');
    await sandbox.waitFor();
    expect(await page.getByRole('button', { name: 'Payment in progress…' }).isDisabled()).toBe(
      true,
    );
    expect(await sandbox.getByRole('radio').count()).toBe(4);
    await sandbox.getByRole('button', { name: /^Pay / }).click();

    const placed = page.getByRole('dialog', { name: 'Order placed' });
    await placed.waitFor();
    await placed.getByRole('button', { name: 'Go to Orders' }).click();
    await page.waitForURL(`${server.url}/orders`);
    const table = page.getByRole('table', { name: 'Order history' });
    await table.waitFor();
    const row = table.getByRole('row').nth(1);
    expect(await row.innerText()).toContain('ATS Resume – From Scratch');
    expect(await row.getByText('Paid', { exact: true }).filter({ visible: true }).isVisible()).toBe(
      true,
    );
    // Pending and paid reads as the work to come, not as a payment due.
    expect(await row.getByText('Paid · waiting to start').isVisible()).toBe(true);
    await expectAccessible(page);
    await shootBothWidths(page, 'orders');

    // The receipt shows in a srcdoc frame, which runs under this page's CSP: its inline style is
    // allowed by hash, and a refused one would fail the test through the CSP check after it.
    await row.getByRole('button', { name: /^Receipt: / }).click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await receipt
      .frameLocator('iframe[title="Receipt document"]')
      .getByRole('heading', { name: 'Shortlist — Receipt' })
      .waitFor();
    await page.keyboard.press('Escape');
    await receipt.waitFor({ state: 'hidden' });

    await open(page, '/profile');
    await page.getByRole('button', { name: 'Copy ID' }).waitFor();
    await expectAccessible(page);
  });

  it('(2) home ?open=resume_review: upload a PDF, reach checkout, delete the order', async () => {
    await registerCustomer(server.url, 'ravi@customers.test', 'ravi-pass-1');
    const page = await newPage();
    await open(page, `/login?next=${encodeURIComponent('/home?open=resume_review')}`);
    await logIn(page, 'ravi@customers.test', 'ravi-pass-1');

    const dialog = page.getByRole('dialog', { name: 'Resume Review' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Continue to checkout' }).click();
    await dialog.getByText('Please upload a PDF/DOC/DOCX').waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'ravi-cv.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await dialog.getByText('ravi-cv.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Continue to checkout' }).click();

    await page.waitForURL(/\/checkout\?orderId=/);
    await page.getByRole('button', { name: 'Pay Now' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Resume Review' }).waitFor();
    await page.getByText('₹200').first().waitFor();
    await page.getByRole('button', { name: 'Download ravi-cv.pdf' }).waitFor();

    await page.getByRole('button', { name: 'Delete Order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete order' });
    await confirm.getByText('Delete this order? This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Order deleted.').waitFor();
    await page.getByRole('heading', { name: 'No pending orders' }).waitFor();
    await expectAccessible(page);
    await shootBothWidths(page, 'checkout-empty');
  });

  it('(3) forgot: the admin reads the reset mail in the outbox; reset, then login with the new password', async () => {
    await registerCustomer(server.url, 'meera@customers.test', 'old-pass-1');
    const page = await newPage();
    await open(page, '/forgot');
    await page.getByRole('textbox', { name: 'Email' }).fill('meera@customers.test');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If an account exists, a reset link has been sent.').waitFor();
    // Without MAIL_PREVIEW_LINKS the answer links no mail: the outbox is for admins only.
    expect(
      await page.getByRole('link', { name: 'Open the e-mail preview (development)' }).count(),
    ).toBe(0);

    // The mail is written by a queued job: the admin's outbox lists it once the job has run.
    const adminToken = await loginToken(server.url, ADMIN.email, ADMIN.password);
    let mailId: string | undefined;
    await expect
      .poll(
        async () => {
          const { status, body } = await apiCall<{ items: { id: string; to: string }[] }>(
            server.url,
            '/admin/outbox',
            { token: adminToken },
          );
          expect(status).toBe(200);
          mailId = body.items.find((item) => item.to === 'meera@customers.test')?.id;
          return mailId !== undefined;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
    const previewUrl = `${server.url}/api/admin/outbox/${mailId}`;
    expect((await fetch(previewUrl)).status).toBe(401);
    expect((await fetch(`${server.url}/api/dev/outbox/${mailId}`)).status).toBe(404);
    const preview = await fetch(previewUrl, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(preview.status).toBe(200);
    const match = (await preview.text()).match(/https?:\/\/[^\s"'<>]*\/forgot\?token=[^\s"'<>]+/);
    const resetLink = match ? match[0].replace(/&amp;/g, '&') : null;
    expect(resetLink).toBeTruthy();

    await page.goto(resetLink ?? '');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('new-pass-22');
    await page.getByLabel('Confirm Password', { exact: true }).fill('new-pass-22');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated. You can now log in.').waitFor();

    await page.getByRole('link', { name: 'Login' }).first().click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await expectAccessible(page);
    await shootBothWidths(page, 'login');
    await logIn(page, 'meera@customers.test', 'old-pass-1');
    await page.getByRole('alert').waitFor();
    await logIn(page, 'meera@customers.test', 'new-pass-22');
    await page.waitForURL(`${server.url}/home`);
  });

  it('(4) signed out, /orders redirects; login?next= brings the visitor back', async () => {
    await registerCustomer(server.url, 'kiran@customers.test', 'kiran-pass-1');
    const page = await newPage();
    await page.goto(`${server.url}/orders`);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('link', { name: 'Login' }).filter({ hasText: 'Login' }).first().waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Please log in to open that page.' });
    await notice.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/login\?next=%2Forders/);
    await logIn(page, 'kiran@customers.test', 'kiran-pass-1');
    await page.waitForURL(`${server.url}/orders`);
    await page.getByRole('heading', { name: 'No paid orders yet' }).waitFor();
  });

  it('(7) the currency toggle changes prices and survives a reload', async () => {
    await registerCustomer(server.url, 'dev@customers.test', 'dev-pass-12');
    const page = await newPage();
    await open(page, `/login?next=${encodeURIComponent('/pricing')}`);
    await expectAccessible(page);
    await logIn(page, 'dev@customers.test', 'dev-pass-12');
    await page.waitForURL(`${server.url}/pricing`);
    const scratch = page.getByRole('article', { name: 'Create Resume from Scratch' });
    await scratch.getByText('₹850').waitFor();
    await page.getByRole('timer').waitFor();

    await page
      .getByRole('group', { name: 'Currency' })
      .getByRole('button', { name: 'USD' })
      .click();
    await scratch.getByText('$17').waitFor();
    expect(page.url()).toContain('currency=usd');
    await page.reload();
    await scratch.getByText('$17').waitFor();
    await page.goto(`${server.url}/pricing`);
    await scratch.getByText('$17').waitFor();
    expect(await scratch.getByText('You save $22').isVisible()).toBe(true);
    await expectAccessible(page);
    await shootBothWidths(page, 'pricing');

    await page.setViewportSize({ width: 375, height: 812 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
