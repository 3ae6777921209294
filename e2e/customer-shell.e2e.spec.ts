import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yProblems } from './support/axe';
import {
  type CspViolation,
  launchBrowser,
  newTestContext,
  takeCspViolations,
  waitForSettled,
} from './support/browser';
import { startTestServer, type TestServer } from './support/server';

// The customer shell's screens that need no API: footer dialogs, 404, static pages, phone width.
describe('customer shell', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterEach(() => {
    expect(takeCspViolations()).toEqual([]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await newTestContext(browser, { viewport });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  const focusIsInside = (page: Page, selector: string) =>
    page.evaluate((css) => {
      const container = document.querySelector(css);
      return container?.contains(document.activeElement);
    }, selector);

  it('a footer policy opens as a modal that keeps focus inside and closes on Escape', async () => {
    const page = await open('/about');
    const opener = page.getByRole('contentinfo').getByRole('button', { name: 'Privacy Policy' });
    await opener.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Privacy Policy' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.innerText()).toContain('1 month after your order is completed');
    expect(await seriousA11yProblems(page)).toEqual([]);

    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsInside(page, 'dialog[open]')).toBe(true);
    }
    for (let press = 0; press < 4; press += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIsInside(page, 'dialog[open]')).toBe(true);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('a click on the backdrop closes the policy too', async () => {
    const page = await open('/contact');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Refund Policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund Policy' });
    await dialog.waitFor();

    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'hidden' });
  });

  it("the server's CSP holds in the browser, and a violation is caught", async () => {
    const page = await open('/about');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "yes"';
      document.head.append(script);
      return document.body.dataset.injected ?? 'no';
    });
    expect(ran).toBe('no');
    // Reported twice, once by the page's event and once by Chromium's console; both taken here
    // so the check after each test sees none.
    const seen: CspViolation[] = [];
    await expect
      .poll(() => {
        seen.push(...takeCspViolations());
        return seen.map((violation) => violation.directive).sort();
      })
      .toEqual(['console', 'script-src-elem']);
  });

  it('checks wait for a settled page: a running animation finishes first', async () => {
    const page = await open('/about');
    // A Web Animation runs whatever the reduced-motion wish (only CSS honours it): the case a
    // check must wait out, like a dialog fading in. The check follows this one animation by its
    // handle: the page may be running short transitions of its own (a lazy part arriving), and
    // counting every animation on the page made this test depend on their timing.
    const probe = await page.evaluateHandle(
      () => document.querySelector('h1')?.animate([{ opacity: 0 }, { opacity: 1 }], 800) ?? null,
    );
    expect(await probe.evaluate((animation) => animation?.playState)).toBe('running');
    await waitForSettled(page);
    expect(await probe.evaluate((animation) => animation?.playState)).toBe('finished');
  });

  it('an unknown path shows the 404 screen', async () => {
    const page = await open('/definitely/not/here');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
    expect(await page.getByRole('main').innerText()).toContain('/definitely/not/here');
  });

  it.each([
    ['/about', 'Resumes written by people who read them for a living'],
    ['/contact', 'How can we help?'],
    ['/influencer-kit', 'Grow with Shortlist: the influencer programme'],
    ['/privacy', 'Privacy Policy'],
  ])('%s renders and passes axe', async (path, heading) => {
    const page = await open(path);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(heading);
    expect(await seriousA11yProblems(page)).toEqual([]);
  });

  // The remaining public screens: each shows a page heading and passes axe.
  it.each([
    '/forgot',
    '/forgot?token=abc.def',
    '/terms',
    '/refund',
    '/disclaimer',
    '/signup',
    '/definitely/not/here',
  ])('%s has a heading and passes axe', async (path) => {
    const page = await open(path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await seriousA11yProblems(page)).toEqual([]);
  });

  it('home passes axe and has no horizontal scroll at 375 px', async () => {
    const page = await open('/', { width: 375, height: 812 });
    expect(
      await page.getByRole('heading', { level: 1, name: 'Get Shortlisted Faster, there!' }).count(),
    ).toBe(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yProblems(page)).toEqual([]);
  });

  it('under reduced motion nothing moves: whole word, no ticker or carousel autoplay', async () => {
    const context = await newTestContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    // The stats render below the ticker and the carousel: once they show, all three are there
    // to be checked for what they do not show (an absence checked too early proves nothing).
    await page.getByRole('main').getByText('218+').first().waitFor();
    // The templates carousel comes in a chunk of its own: its slides must be there before the
    // absence of its pause button means anything.
    await page.locator('[aria-roledescription="slide"]').first().waitFor({ state: 'attached' });
    await waitForSettled(page);

    expect(await heading.innerText()).toContain('Get Shortlisted');
    expect(await page.getByRole('button', { name: 'Pause headlines' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Pause slides' }).count()).toBe(0);
    // The stats show their final figures without waiting for a count-up.
    expect(await page.getByRole('main').innerText()).toContain('218+');
  });

  it('the phone menu opens from its toggle', async () => {
    const page = await open('/about', { width: 375, height: 812 });
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    const about = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' });
    await about.click();
    await page.getByRole('heading', { level: 1, name: 'How can we help?' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });
});
