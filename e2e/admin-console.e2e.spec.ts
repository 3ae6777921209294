import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shootAdmin, waitForToast } from './support/admin-orders';
import { apiCall, loginToken, registerCustomer } from './support/customer-api';
import { expectAccessible, useJourney } from './support/journey';
import { fillLoginForm } from './support/login-form';

const ADMIN = { email: 'admin@shortlist.test', password: 'admin-pass-123' };
const CUSTOMER = { email: 'meera@example.com', password: 'meera-pass-123' };

// The admin console in Chromium against the real server: the guard, a contact query answered
// with Send & Close, an influencer whose password shows once, axe on every screen.
describe('admin console journeys', () => {
  let adminToken = '';
  const journey = useJourney(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    async ({ server }) => {
      adminToken = await loginToken(server.url, ADMIN.email, ADMIN.password);
      await registerCustomer(server.url, CUSTOMER.email, CUSTOMER.password);
    },
  );
  const newPage = () => journey.newPage();

  /** Signed out at /admin/queries → login → back at /admin/queries. */
  async function adminPage(path = '/admin/queries'): Promise<Page> {
    const page = await newPage();
    await page.goto(`${journey.server.url}${path}`);
    await page.waitForURL(/\/login\?next=/);
    await fillLoginForm(page, ADMIN);
    await page.waitForURL(`${journey.server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  it('(4) a signed-out visitor goes to login and comes back; a customer lands on /home', async () => {
    const page = await adminPage('/admin/users');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Users');
    await page.getByRole('cell', { name: CUSTOMER.email }).waitFor();
    await expectAccessible(page);

    const customer = await newPage();
    await customer.goto(`${journey.server.url}/login`);
    await fillLoginForm(customer, CUSTOMER);
    await customer.waitForURL(`${journey.server.url}/home`);
    await customer.goto(`${journey.server.url}/admin`);
    await customer.waitForURL(`${journey.server.url}/home`);
  });

  it('(2) a contact query answered with Send & Close: the mail is in the outbox, the query closed', async () => {
    const message = `Where is my resume, ${Date.now()}`;
    const sent = await apiCall(journey.server.url, '/queries', {
      body: { pid: '', contactemail: 'asha@example.com', contactmessage: message },
    });
    expect(sent.status).toBe(201);
    const page = await adminPage('/admin/queries');
    await page.getByRole('searchbox', { name: 'Search queries' }).fill('Where is my resume');
    await page.getByRole('cell', { name: message }).waitFor();
    await expectAccessible(page);
    await shootAdmin(page, 'queries');

    await page.getByRole('button', { name: 'Reply to asha@example.com' }).click();
    const drawer = page.getByRole('dialog', { name: 'Reply to query' });
    await drawer.getByLabel('Message').fill('Your resume ships today.');
    await expectAccessible(page);
    await drawer.getByRole('button', { name: 'Send & Close' }).click();

    await waitForToast(page, 'Reply sent.');
    await page
      .getByRole('row', { name: new RegExp(message) })
      .getByText('Closed')
      .waitFor();
    const outbox = await apiCall<{ items: { to: string; subject: string }[] }>(
      journey.server.url,
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
    await shootAdmin(page, 'influencers');

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
    await shootAdmin(page, 'dashboard');

    for (const [path, heading] of [
      ['/admin/influencer-queries', 'Influencer queries'],
      ['/admin/influencer-payouts', 'Influencer payouts'],
    ] as const) {
      await page.goto(`${journey.server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await expectAccessible(page);
      await shootAdmin(page, path.slice('/admin/'.length));
    }
  });
});
