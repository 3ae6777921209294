import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createInfluencer, loginToken, tinyPdf } from './support/customer-api';
import { seedReferredReviews } from './support/influencer';
import { expectAccessible, useJourney } from './support/journey';
import { fillLoginForm } from './support/login-form';
import { screenshotBothWidths } from './support/screenshots';
import { auditVerify, influencerBalances } from './support/verify-replay';

const ADMIN = { email: 'admin@shortlist.test', password: 'admin-pass-123' };
const INFLUENCER = { email: 'riya@influencers.test', password: 'riya-pass-1', name: 'Riya Sen' };
const SCREENS_DIR = '/work/screens/influencer';

// The influencer area across the three apps: an influencer made by the admin, a visitor who
// registers and pays through the referral link, the statement, payouts the admin settles, a
// refund's clawback, and three sessions in one browser.
describe('influencer app journeys', () => {
  let referredOrder: string;
  let adminToken = '';
  let influencer: { id: string; code: string } = { id: '', code: '' };
  const journey = useJourney(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    async ({ server }) => {
      adminToken = await loginToken(server.url, ADMIN.email, ADMIN.password);
      influencer = await createInfluencer(server.url, adminToken);
    },
  );
  const newContext = () => journey.newContext();

  async function open(page: Page, path: string): Promise<void> {
    await page.goto(`${journey.server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }

  function shoot(page: Page, name: string): Promise<void> {
    return screenshotBothWidths(page, SCREENS_DIR, name);
  }

  async function influencerLogIn(page: Page): Promise<void> {
    await open(page, '/influencer/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(` ${INFLUENCER.email.toUpperCase()} `);
    await page.getByLabel('Password', { exact: true }).fill(INFLUENCER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Influencer dashboard' }).waitFor();
  }

  async function customerLogIn(page: Page, email: string, password: string): Promise<void> {
    await open(page, '/login');
    await fillLoginForm(page, { email, password });
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }

  const figure = (page: Page, label: string) =>
    page
      .getByRole('region', { name: 'Your figures' })
      .locator('dt', { hasText: label })
      .locator('+ dd');

  /** What the ledger read model says (the admin's list), for the statement to agree with. */
  async function readModelBalance(): Promise<number> {
    const { body } = await apiCall<{ items: { _id: string; stats: { balance: number } }[] }>(
      journey.server.url,
      `/admin/influencers?q=${influencer.code}`,
      { token: adminToken },
    );
    const item = body.items.find((candidate) => candidate._id === influencer.id);
    if (!item) throw new Error('influencer missing from the admin list');
    return item.stats.balance;
  }

  it('(1) the influencer copies the link; a visitor registers and pays a review; ₹50 and the order show', async () => {
    const context = await newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: journey.server.url,
    });
    const page = await context.newPage();

    // The customer site's Influencer Kit leads to this login.
    await open(page, '/influencer-kit');
    await page.getByRole('link', { name: 'Influencer login' }).first().click();
    await page.waitForURL(`${journey.server.url}/influencer/login`);
    await page.getByRole('heading', { level: 1, name: 'Influencer login' }).waitFor();
    await expectAccessible(page);

    await influencerLogIn(page);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied!').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${journey.server.url}/register?ref=${influencer.code}`);
    await page.getByRole('img', { name: `QR code of your referral link ${link}` }).waitFor();
    await expectAccessible(page);

    // A visitor, in a browser of their own, follows the link.
    const visitor = await (await newContext()).newPage();
    await visitor.goto(link);
    await visitor.getByText(`Referral code ${influencer.code} will be applied.`).waitFor();
    await visitor.getByLabel('Full name', { exact: true }).fill('Asha Verma');
    await visitor.getByRole('textbox', { name: 'Email' }).fill('asha@customers.test');
    await visitor.getByLabel('Password', { exact: true }).fill('asha-pass-1');
    await visitor.getByLabel('Confirm password', { exact: true }).fill('asha-pass-1');
    await visitor.getByRole('checkbox').check();
    await visitor.getByRole('button', { name: 'Sign up' }).click();
    await visitor.waitForURL(`${journey.server.url}/`);

    await open(visitor, '/home?open=resume_review');
    const dialog = visitor.getByRole('dialog', { name: 'Resume Review' });
    await dialog.waitFor();
    await visitor.locator('input[type="file"]').setInputFiles({
      name: 'asha-cv.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await dialog.getByRole('button', { name: 'Continue to checkout' }).click();
    await visitor.waitForURL(/\/checkout\?orderId=/);
    referredOrder = new URL(visitor.url()).searchParams.get('orderId') ?? '';
    expect(referredOrder).not.toBe('');
    await visitor.getByRole('button', { name: 'Pay Now' }).click();
    const sandbox = visitor.locator('[data-razorpay-sandbox]');
    await sandbox.waitFor();
    await sandbox.getByRole('button', { name: /^Pay / }).click();
    await visitor.getByRole('dialog', { name: 'Order placed' }).waitFor();

    // The referral reactor credits the reward a moment later: the dashboard shows it on reload.
    await expect
      .poll(
        async () => {
          await page.reload();
          await figure(page, 'Balance').waitFor();
          return [
            await figure(page, 'Users referred').innerText(),
            await figure(page, 'Balance').innerText(),
          ];
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual(['1', '₹50']);
    const orders = page.getByRole('table', { name: 'Referred orders' });
    await orders.getByText(referredOrder.slice(0, 8)).waitFor();
    expect(await orders.innerText()).toContain('as***@customers.test');
    await page.getByRole('table', { name: 'Registrations and rewarded orders per week' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'dashboard');

    // A cold load asks each of the dashboard's reads once, and starts them with the page: the
    // router asks them (dashboard-reads.ts) while the screen's code is still on its way, here
    // held back until the first of them is asked, and the screen's queries take those answers.
    const asked: string[] = [];
    let askedBeforeScreenCode = false;
    let screenCodeSent = false;
    let releaseScreenCode = () => {};
    const screenCodeHeld = new Promise<void>((resolve) => {
      releaseScreenCode = resolve;
    });
    const screenCode = /\/influencer\/assets\/(?:shared|dashboard-screen)-[\w-]{8}\.js$/;
    await page.route(screenCode, async (route) => {
      await Promise.race([screenCodeHeld, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      screenCodeSent = true;
      await route.continue();
    });
    const count = (request: Request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/api/')) return;
      asked.push(`${request.method()} ${pathname}`);
      if (pathname === '/api/influencer/dashboard') {
        askedBeforeScreenCode = !screenCodeSent;
        releaseScreenCode();
      }
    };
    page.on('request', count);
    await page.reload();
    await page.getByRole('table', { name: 'Registrations and rewarded orders per week' }).waitFor();
    await page.getByRole('table', { name: 'Funnel per week' }).waitFor();
    await orders.getByText(referredOrder.slice(0, 8)).waitFor();
    page.off('request', count);
    await page.unroute(screenCode);
    expect(askedBeforeScreenCode).toBe(true);
    expect(asked.sort()).toEqual([
      'GET /api/influencer/dashboard',
      'GET /api/influencer/funnel',
      'GET /api/influencer/referral-chart',
    ]);

    await page.getByRole('link', { name: 'Statement' }).first().click();
    const statement = page.getByRole('table', { name: 'Earnings statement' });
    // The customer by name, not the order's id.
    await statement.getByText("Referral reward: Asha Verma's first review").waitFor();
    expect(await page.getByTestId('statement-balance').innerText()).toBe('₹50');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Orders' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Referred orders' }).waitFor();
    await page.getByLabel('Status').selectOption('refunded');
    await page.getByRole('heading', { name: 'No orders with this status' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Queries' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Queries' }).waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Enter your issue').waitFor();
    await page.getByLabel(/^Your issue/).fill('Where do I find my posters?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { level: 3, name: 'General Issue' }).waitFor();
    await expectAccessible(page);
  });

  it('(3) the admin refunds the referred order: the statement shows the clawback', async () => {
    const refunded = await apiCall(journey.server.url, `/admin/orders/${referredOrder}/refund`, {
      method: 'POST',
      token: adminToken,
    });
    expect(refunded.status).toBe(200);

    const page = await (await newContext()).newPage();
    await influencerLogIn(page);
    await open(page, '/influencer/statement');
    const line = page
      .getByRole('table', { name: 'Earnings statement' })
      .getByText("Reward taken back: Asha Verma's review refunded");
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('table', { name: 'Earnings statement' }).waitFor();
          return line.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    expect(await page.getByTestId('statement-balance').innerText()).toBe('₹0');
    expect(await readModelBalance()).toBe(0);
    await shoot(page, 'statement');
  });

  it('(2) at the thresholds: a rejected request returns the balance; a paid one leaves zero', async () => {
    // 50 more referred customers, each paying a review: 51 registrations and ₹2,500.
    await seedReferredReviews(journey.server.url, influencer.code, 50);
    const page = await (await newContext()).newPage();
    await influencerLogIn(page);
    await open(page, '/influencer/payouts');
    await expect
      .poll(
        async () => {
          await page.reload();
          const bar = page.getByRole('progressbar', { name: /^Balance:/ });
          await bar.waitFor();
          return bar.getAttribute('aria-label');
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('Balance: ₹2,500 of ₹2,500');
    await page.getByText('You are eligible for a payout.').waitFor();
    await expectAccessible(page);

    const requestPayout = async (first: boolean) => {
      await page.getByRole('button', { name: 'Request payout' }).click();
      const dialog = page.getByRole('dialog', { name: 'Payment details' });
      if (first) {
        await dialog.getByRole('button', { name: 'Request payout' }).click();
        await dialog.getByText('Required').first().waitFor();
        await dialog.getByLabel(/^Payee name/).fill(INFLUENCER.name);
        await dialog.getByLabel(/^Mobile/).fill('98765');
        await dialog.getByLabel(/^UPI id/).fill('riya@upi');
        await dialog.getByRole('button', { name: 'Request payout' }).click();
        await dialog.getByText('Enter a 10-digit mobile number.').waitFor();
        await expectAccessible(page);
        await dialog.getByLabel(/^Mobile/).fill('9876543210');
      } else {
        // The last request's details are offered again.
        await dialog.getByText('Filled in from your last request.').waitFor();
        expect(await dialog.getByLabel(/^UPI id/).inputValue()).toBe('riya@upi');
      }
      await dialog.getByRole('button', { name: 'Request payout' }).click();
      await page.getByText('Payout request sent!').waitFor();
      await dialog.waitFor({ state: 'hidden' });
    };

    await requestPayout(true);
    await page.getByText(/being processed/).waitFor();
    expect(await page.getByRole('button', { name: 'Request payout' }).isDisabled()).toBe(true);

    // The admin rejects it in the admin app: the balance comes back.
    const admin = await (await newContext()).newPage();
    await customerLogIn(admin, ADMIN.email, ADMIN.password);
    await open(admin, '/admin/influencer-payouts');
    await admin.getByRole('button', { name: `Reject ${INFLUENCER.name}` }).click();
    const reject = admin.getByRole('dialog', { name: `Reject the payout of ${INFLUENCER.name}?` });
    await reject.getByLabel(/^Reason/).fill('UPI id does not match the payee');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await admin.getByText('Payout updated').first().waitFor();

    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('table', { name: 'Your payouts' }).waitFor();
          return page
            .getByRole('table', { name: 'Your payouts' })
            .getByText('Rejected', { exact: true })
            .count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    await page
      .getByText('Balance: ₹2,500 of ₹2,500', { exact: false })
      .or(page.getByRole('progressbar', { name: 'Balance: ₹2,500 of ₹2,500' }))
      .first()
      .waitFor();

    await page.getByText('Rejected: UPI id does not match the payee').waitFor();
    // Asked again, approved, and this time paid with a transfer reference.
    await requestPayout(false);
    await admin.reload();
    await admin.getByRole('button', { name: `Approve ${INFLUENCER.name}` }).click();
    const approve = admin.getByRole('dialog', {
      name: `Approve the payout of ${INFLUENCER.name}?`,
    });
    await approve.getByText('₹2,500 will be paid.').waitFor();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Payout updated').first().waitFor();
    await admin.getByRole('button', { name: `Mark paid ${INFLUENCER.name}` }).click();
    const pay = admin.getByRole('dialog', { name: `Mark the payout of ${INFLUENCER.name} paid` });
    await pay.getByLabel(/^Transfer reference/).fill('UTR-778899');
    await pay.getByRole('button', { name: 'Mark paid' }).click();
    await admin.getByText('Payout updated').first().waitFor();

    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('table', { name: 'Your payouts' }).waitFor();
          return page.getByRole('table', { name: 'Your payouts' }).getByText('UTR-778899').count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    await page.getByRole('progressbar', { name: 'Balance: ₹0 of ₹2,500' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'payouts');

    await open(page, '/influencer/statement');
    const statement = page.getByRole('table', { name: 'Earnings statement' });
    await statement.getByText('Payout paid (transfer ref UTR-778899)').waitFor();
    await statement
      .getByText('Payout rejected (UPI id does not match the payee): amount returned')
      .waitFor();
    expect(await page.getByTestId('statement-balance').innerText()).toBe('₹0');
    await open(page, '/influencer/');
    expect(await figure(page, 'Balance').innerText()).toBe('₹0');
  });

  it('(4) one browser, three tabs: customer, admin and influencer sessions stay apart', async () => {
    await apiCall(journey.server.url, '/register', {
      body: {
        name: 'Kiran',
        email: 'kiran@customers.test',
        password: 'kiran-pass-1',
        cpassword: 'kiran-pass-1',
      },
    });
    const context = await newContext();
    const [customerTab, adminTab, influencerTab] = await Promise.all([
      context.newPage(),
      context.newPage(),
      context.newPage(),
    ]);
    await customerLogIn(customerTab, 'kiran@customers.test', 'kiran-pass-1');
    await customerLogIn(adminTab, ADMIN.email, ADMIN.password);
    await influencerLogIn(influencerTab);

    // Each tab, reloaded after the others signed in, is still its own person.
    await open(customerTab, '/profile');
    await customerTab.getByText('kiran@customers.test').first().waitFor();
    await open(adminTab, '/admin/influencer-payouts');
    expect(new URL(adminTab.url()).pathname).toBe('/admin/influencer-payouts');
    await open(influencerTab, '/influencer/');
    await influencerTab.getByText(`Welcome back, ${INFLUENCER.name}.`).waitFor();

    // Logging the influencer out ends only the influencer's session.
    await influencerTab.getByRole('button', { name: 'Logout' }).click();
    await influencerTab.waitForURL(`${journey.server.url}/influencer/login`);
    await open(customerTab, '/profile');
    await customerTab.getByText('kiran@customers.test').first().waitFor();
    await open(adminTab, '/admin/influencer-payouts');
    expect(new URL(adminTab.url()).pathname).toBe('/admin/influencer-payouts');
  });

  it('the statement ends where the ledger read model’s balance stands', async () => {
    const { token } = (
      await apiCall<{ token: string }>(journey.server.url, '/influencer/login', {
        body: { email: INFLUENCER.email, password: INFLUENCER.password },
      })
    ).body;
    const statement = await apiCall<{ balance: number; entries: { balance: number }[] }>(
      journey.server.url,
      '/influencer/statement',
      { token },
    );
    expect(statement.body.entries.at(-1)?.balance).toBe(statement.body.balance);
    expect(statement.body.balance).toBe(await readModelBalance());
  });

  it('after the journeys: every statement ends at its ledger balance; replays match the read models', async () => {
    const balances = await influencerBalances(journey.server, adminToken);
    expect(balances.map((balance) => balance.influencerId)).toContain(influencer.id);
    for (const { influencerId, statement, ledger } of balances) {
      expect(ledger, `read model balance of influencer ${influencerId}`).toBe(statement);
    }
    const audit = await auditVerify(journey.server);
    expect(audit.lines.at(-1), audit.lines.join('\n')).toBe('read models match the events');
    expect(audit.exitCode).toBe(0);
    expect(audit.lines.filter((line) => line.startsWith('DIFF'))).toEqual([]);
  });
});
