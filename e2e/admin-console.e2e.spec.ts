import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yProblems } from './support/axe';
import {
  launchBrowser,
  newTestContext,
  takeCspViolations,
  waitForSettled,
} from './support/browser';
import { apiCall, loginToken, registerCustomer } from './support/customer-api';
import { startTestServer, type TestServer } from './support/server';

const ADMIN = { email: 'admin@shortlist.test', password: 'admin-pass-123' };
const CUSTOMER = { email: 'meera@example.com', password: 'meera-pass-123' };
const SCREENS_DIR = '/work/screens/admin';

// The admin console in Chromium against the real server: the guard, a contact query answered
// with Send & Close, an influencer whose password shows once, axe on every screen.
describe('admin console journeys', () => {
  let server: TestServer;
  let browser: Browser;
  let adminToken: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
    adminToken = await loginToken(server.url, ADMIN.email, ADMIN.password);
    await registerCustomer(server.url, CUSTOMER.email, CUSTOMER.password);
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

  async function logIn(page: Page, who: { email: string; password: string }): Promise<void> {
    await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  async function expectAccessible(page: Page): Promise<void> {
    await waitForSettled(page);
    expect(await seriousA11yProblems(page)).toEqual([]);
  }

  async function shoot(page: Page, name: string): Promise<void> {
    await mkdir(SCREENS_DIR, { recursive: true });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await waitForSettled(page);
      await page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  /** Signed out at /admin/queries → login → back at /admin/queries. */
  async function adminPage(path = '/admin/queries'): Promise<Page> {
    const page = await newPage();
    await page.goto(`${server.url}${path}`);
    await page.waitForURL(/\/login\?next=/);
    await logIn(page, ADMIN);
    await page.waitForURL(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  it('(4) a signed-out visitor goes to login and comes back; a customer lands on /home', async () => {
    const page = await adminPage('/admin/users');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Users');
    await page.getByRole('cell', { name: CUSTOMER.email }).waitFor();
    await expectAccessible(page);

    const customer = await newPage();
    await customer.goto(`${server.url}/login`);
    await logIn(customer, CUSTOMER);
    await customer.waitForURL(`${server.url}/home`);
    await customer.goto(`${server.url}/admin`);
    await customer.waitForURL(`${server.url}/home`);
  });

  it('(2) a contact query answered with Send & Close: the mail is in the outbox, the query closed', async () => {
    const message = `Where is my resume, ${Date.now()}`;
    const sent = await apiCall(server.url, '/queries', {
      body: { pid: '', contactemail: 'asha@example.com', contactmessage: message },
    });
    expect(sent.status).toBe(201);
    const page = await adminPage('/admin/queries');
    await page.getByRole('searchbox', { name: 'Search queries' }).fill('Where is my resume');
    await page.getByRole('cell', { name: message }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'queries');

    await page.getByRole('button', { name: 'Reply to asha@example.com' }).click();
    const drawer = page.getByRole('dialog', { name: 'Reply to query' });
    await drawer.getByLabel('Message').fill('Your resume ships today.');
    await expectAccessible(page);
    await drawer.getByRole('button', { name: 'Send & Close' }).click();

    await page.getByRole('status').getByText('Reply sent.').waitFor();
    await page
      .getByRole('row', { name: new RegExp(message) })
      .getByText('Closed')
      .waitFor();
    const outbox = await apiCall<{ items: { to: string; subject: string }[] }>(
      server.url,
      '/admin/outbox',
      { token: adminToken },
    );
    expect(outbox.body.items.some((mail) => mail.to.includes('asha@example.com'))).toBe(true);
  });

  it('(3) an influencer created by the admin: the password shows once, gone after reload', async () => {
    const page = await adminPage('/admin/influencers');
    const form = page.getByRole('region', { name: 'Create an influencer' });
    await form.getByLabel('Name').fill('Kabir Rao');
    await form.getByLabel('Email').fill('kabir@influencers.test');
    await form.getByLabel('Password', { exact: true }).fill('kabir-pass-1');
    await form.getByRole('button', { name: 'Create influencer' }).click();

    const dialog = page.getByRole('dialog', { name: 'Influencer created' });
    await dialog.getByText('kabir-pass-1').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Kabir Rao').first().waitFor();
    await shoot(page, 'influencers');

    await page.reload();
    await page.getByText('Kabir Rao').first().waitFor();
    expect(await page.getByText('kabir-pass-1').count()).toBe(0);
  });

  it('dashboard, influencer queries and payouts pass axe', async () => {
    const page = await adminPage('/admin');
    await page
      .getByRole('link', { name: /Users$/ })
      .first()
      .waitFor();
    await expectAccessible(page);
    await shoot(page, 'dashboard');

    for (const [path, heading] of [
      ['/admin/influencer-queries', 'Influencer queries'],
      ['/admin/influencer-payouts', 'Influencer payouts'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await expectAccessible(page);
      await shoot(page, path.slice('/admin/'.length));
    }
  });
});
