import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForSettled } from './support/browser';
import { apiCall, loginToken, registerCustomer } from './support/customer-api';
import { expectAccessible, useJourney } from './support/journey';
import { fillLoginForm } from './support/login-form';
import { startTestServer } from './support/server';

const OWNER = { email: 'owner@shortlist.test', password: 'owner-pass-1' };
/** Where the outbox screenshots go when asked for (not part of the repository). */
const SHOTS_DIR = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await waitForSettled(page);
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// A first `npm start`: no ADMIN_EMAIL, no SMTP server, no Razorpay keys.
describe('a first run that explains itself', () => {
  const journey = useJourney();

  it('the printed one-time link makes the first admin, who then reads mail on the Outbox screen', async () => {
    const link = journey.server.notices.find((notice) => notice.startsWith('No admin account yet'));
    const url = link?.match(/(http:\/\/\S+\/admin\/setup#token=\S+)$/)?.[1];
    expect(url, journey.server.notices.join('\n')).toBeDefined();
    expect(journey.server.notices).toContain(
      `Mail is not delivered: it is kept in the local outbox (${
        journey.server.notices
          .find((notice) => notice.startsWith('Mail is not delivered'))
          ?.match(/\((\S+outbox)\)/)?.[1]
      }), which admins read at ${journey.server.url}/admin/outbox. Set SMTP_URL to send it.`,
    );

    const page = await journey.newPage();
    await page.goto(url ?? '');
    await page.getByRole('heading', { name: 'Create the first admin' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Create admin account' }).click();
    await page.getByText('Admin account created. Log in with it to open the admin app.').waitFor();

    // The link is spent: a second use is refused.
    const again = await apiCall(journey.server.url, '/setup/first-admin', {
      body: {
        token: url?.split('#token=')[1],
        email: 'second@shortlist.test',
        password: OWNER.password,
        cpassword: OWNER.password,
      },
    });
    expect(again.status).toBe(410);

    // Mail to read: a password reset for the new admin, and one for a customer.
    await registerCustomer(journey.server.url, 'nobody@shortlist.test', 'nobody-pass-1');
    for (const email of [OWNER.email, 'nobody@shortlist.test']) {
      expect((await apiCall(journey.server.url, '/forgot', { body: { email } })).status).toBe(200);
    }
    // The mails are written by a queued job, a moment after /forgot answers.
    const adminToken = await loginToken(journey.server.url, OWNER.email, OWNER.password);
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ total: number }>(journey.server.url, '/admin/outbox', {
              token: adminToken,
            })
          ).body.total,
        { timeout: 30_000 },
      )
      .toBe(2);

    await page.getByRole('link', { name: 'Log in' }).click();
    await fillLoginForm(page, OWNER);
    await page.waitForURL(`${journey.server.url}/admin`);
    await page
      .getByRole('note')
      .filter({ hasText: 'Test mode: payments are simulated by the local sandbox' })
      .waitFor();
    await page.getByRole('link', { name: 'Outbox' }).click();
    const table = page.getByRole('table', { name: 'Outbox' });
    const rowsTo = (email: string) => table.getByRole('row').filter({ hasText: email });
    await rowsTo(OWNER.email).first().waitFor();
    await rowsTo('nobody@shortlist.test').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search by recipient' }).fill('OWNER@');
    await page.getByRole('searchbox', { name: 'Search by recipient' }).press('Enter');
    await page.waitForURL(/\/admin\/outbox\?q=OWNER%40/);
    await expect.poll(() => rowsTo('nobody@shortlist.test').count()).toBe(0);
    expect(await rowsTo(OWNER.email).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await shoot(page, 'outbox-list');

    await table.getByRole('button', { name: /^Open “.+” to owner@shortlist\.test$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Mail' });
    const frame = drawer.locator('iframe[sandbox=""]');
    await frame.waitFor();
    // The mail's HTML, drawn in the sandboxed frame: its reset link is there to follow.
    const resetLink = frame.contentFrame().getByRole('link').first();
    expect(await resetLink.getAttribute('href')).toMatch(/\/forgot\?token=/);
    await waitForSettled(page);
    await shoot(page, 'outbox-mail-html');
    await drawer.getByRole('button', { name: 'Plain text' }).click();
    await drawer.getByText(/\/forgot\?token=/).waitFor();
    await shoot(page, 'outbox-mail-text');
  }, 120_000);

  it('the customer site says that payments are simulated', async () => {
    const page = await journey.newPage();
    await page.goto(journey.server.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('note').textContent()).toBe(
      'Test mode: payments on this site are simulated, so no money moves and nothing is charged.',
    );
  });
});

describe('MAINTENANCE=true at run time', () => {
  const journey = useJourney({ MAINTENANCE: 'true' });

  it('the customer site shows the maintenance screen; the influencer kit stays open', async () => {
    const page = await journey.newPage();
    await page.goto(`${journey.server.url}/pricing`);
    await page
      .getByRole('heading', { level: 1, name: 'Maintenance Mode, We will be available soon..!' })
      .waitFor();
    await page.goto(`${journey.server.url}/influencer-kit`);
    await page
      .getByRole('heading', { level: 1, name: 'Grow with Shortlist: the influencer programme' })
      .waitFor();
  });
});

// Kept apart from the journeys above: ADMIN_EMAIL makes the admin at start, so no link is printed.
describe('a start with ADMIN_EMAIL', () => {
  it('prints no setup link', async () => {
    const server = await startTestServer({
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    });
    try {
      expect(server.notices.some((notice) => notice.includes('/admin/setup'))).toBe(false);
    } finally {
      await server.close();
    }
  });
});
