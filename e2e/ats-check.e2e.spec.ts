import { mkdir } from 'node:fs/promises';
import { resumePdf } from '@shortlist/api/testing';
import { CLEAN_RESUME } from '@shortlist/domain/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openAsAdmin, shootAdmin } from './support/admin-orders';
import { seriousA11yProblems } from './support/axe';
import {
  launchBrowser,
  newTestContext,
  takeCspViolations,
  waitForSettled,
} from './support/browser';
import { apiCall, horizontalOverflow, loginToken } from './support/customer-api';
import { startTestServer, type TestServer } from './support/server';

// A signed-out visitor checks a resume, reads what the ATS sees, orders a review of
// that same file through sign-up (no second upload) and pays in the sandbox; the admin then
// finds the server's own check of that file in the order drawer.
const SCREENS = '/work/screens/customer';
const CUSTOMER = { name: 'Asha Rao', email: 'asha@ats.test', password: 'asha-pass-1' };
const ADMIN = { email: 'admin@ats.test', password: 'admin-pass-123' };
const JOB_DESCRIPTION = [
  'Senior Backend Engineer (Payments)',
  'You will build payment APIs in TypeScript and Node.js on PostgreSQL, deployed with Docker on Kubernetes.',
  'Requirements: TypeScript, PostgreSQL, Kafka, Terraform.',
  'Experience with Kafka and Terraform in production.',
].join('\n');

describe('ATS check', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
  });

  afterEach(() => {
    expect(takeCspViolations()).toEqual([]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await newTestContext(browser, { viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  async function shoot(page: Page, name: string) {
    await mkdir(SCREENS, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await waitForSettled(page);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('signed out: check → result → "Get it reviewed" → sign up → checkout with the same file → pay → the admin sees the check', async () => {
    const page = await newPage();
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Free ATS check' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'See your resume the way an ATS reads it' })
      .waitFor();
    expect(await seriousA11yProblems(page)).toEqual([]);
    await shoot(page, 'ats-check-form');

    await page.locator('input[type="file"]').setInputFiles({
      name: 'asha-cv.pdf',
      mimeType: 'application/pdf',
      buffer: await resumePdf(CLEAN_RESUME),
    });
    await page.getByRole('textbox', { name: /Job description/ }).fill(JOB_DESCRIPTION);
    await page.getByRole('button', { name: 'Check my resume' }).click();

    const result = page.getByRole('region', { name: 'Your result' });
    await result.getByRole('heading', { name: 'Your result' }).waitFor();
    const checks = result.getByRole('region', { name: 'Checks, what to fix first' });
    await expect.poll(() => checks.locator('li[data-status]').count()).toBe(13);
    // The advert's keywords the resume lacks are named; the ones it has are not.
    const keywords = result.getByRole('list', { name: 'Missing' });
    expect(await keywords.getByText('Kafka', { exact: true }).count()).toBe(1);
    expect(await keywords.getByText('TypeScript', { exact: true }).count()).toBe(0);
    const text = result.getByRole('region', { name: 'Text the ATS read from your resume' });
    expect(await text.innerText()).toContain('Senior Software Engineer | Acme Payments Pvt Ltd');
    const fields = result.getByRole('region', { name: 'Fields the ATS filled' });
    expect(await fields.getByText('asha.rao@example.com').count()).toBe(1);
    const score = Number(await result.locator('[class*="scoreNumber"]').innerText());
    expect(score).toBeGreaterThanOrEqual(80);
    expect(await seriousA11yProblems(page)).toEqual([]);
    await shoot(page, 'ats-check-result');

    await page.getByRole('button', { name: 'Get it reviewed' }).click();
    const offers = page.getByRole('region', { name: 'Want a person to fix it?' });
    await offers.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await page.getByLabel('Full name', { exact: true }).fill(CUSTOMER.name);
    await page.getByRole('textbox', { name: 'Email' }).fill(CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign up' }).click();

    // Back on the check, signed in, with the file kept in this browser: no second upload.
    await page.waitForURL(/\/ats-check\?order=resume_review/);
    const order = page.getByRole('form', { name: 'Order Resume Review' });
    await order.getByText('With the file you checked: asha-cv.pdf').waitFor();
    expect(await seriousA11yProblems(page)).toEqual([]);
    await shoot(page, 'ats-check-order');
    await order.getByRole('button', { name: 'Continue to checkout' }).click();

    await page.waitForURL(/\/checkout\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.locator('[data-razorpay-sandbox]').getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('dialog', { name: 'Order placed' }).waitFor();

    const token = await loginToken(server.url, CUSTOMER.email, CUSTOMER.password);
    const { body } = await apiCall<{
      order: { service: string; paymentStatus: string; customerUploads: { name: string }[] };
    }>(server.url, `/orders/${orderId}`, { token });
    expect(body.order.service).toBe('resume_review');
    expect(body.order.paymentStatus).toBe('paid');
    expect(body.order.customerUploads.map((upload) => upload.name)).toEqual(['asha-cv.pdf']);

    // The admin opens the paid order: the server's check of the stored file, against the same
    // job description, is in the drawer with the score the customer saw.
    const admin = await newPage();
    await openAsAdmin(admin, server.url, `/admin/orders?q=${orderId}`, ADMIN);
    const short = orderId.slice(0, 8);
    await admin.getByRole('button', { name: `View details of order ${short}` }).click();
    const drawer = admin.getByRole('dialog', { name: `Order ${short}` });
    const check = drawer.locator('section', {
      has: admin.getByRole('heading', { name: 'ATS check' }),
    });
    await check.getByText(`Score ${score} / 100`).waitFor();
    const verdicts = check.getByRole('list', { name: 'Checks, worst first' });
    expect(await verdicts.getByRole('listitem').count()).toBe(13);
    expect(await check.getByText('Kafka', { exact: false }).count()).toBeGreaterThan(0);
    expect(await check.getByText('asha.rao@example.com', { exact: true }).count()).toBe(1);
    expect(await check.getByLabel('Text the ATS read').innerText()).toContain(
      'Senior Software Engineer | Acme Payments Pvt Ltd',
    );
    expect(await seriousA11yProblems(admin)).toEqual([]);
    // The drawer scrolls on its own: the screenshots show the section, not the drawer's top.
    await check.scrollIntoViewIfNeeded();
    await shootAdmin(admin, 'orders-drawer-ats-check');
  });
});
