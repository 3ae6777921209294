import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  deliverOrder,
  LONG_FILE_NAME,
  payOrder,
  placeServiceOrder,
  refundOrder,
  startProcessing,
} from './support/bench-seed';
import { waitForSettled } from './support/browser';
import { apiCall, loginToken, registerCustomer } from './support/customer-api';
import { useJourney } from './support/journey';
import { fillLoginForm } from './support/login-form';

const ADMIN = { email: 'admin@shortlist.test', password: 'admin-pass-123' };
const CUSTOMER = { email: 'wide@customers.test', password: 'wide-pass-1' };
const DESKTOP_WIDTHS = [1024, 1280, 1920] as const;
const PHONE_WIDTHS = [320, 375, 430] as const;
const PHONE_CUSTOMER = { email: 'phone@customers.test', password: 'phone-pass-1' };
/** Where the builder's phone screenshots go when asked for (not part of the repository). */
const SHOTS_DIR = process.env.SHOTS_DIR;

/**
 * Every element on the page that hides part of itself: one that clips or scrolls (overflow other
 * than visible) whose content is wider than its box, and anything reaching past the window's
 * edges. Visually hidden text (1 px boxes, clip) is skipped: it is meant for screen readers.
 * Text cut with an ellipsis counts as clipped too (its box clips).
 */
function clippedElements(
  page: Page,
  options: { textFieldsScroll?: boolean } = {},
): Promise<string[]> {
  return page.evaluate(({ textFieldsScroll }) => {
    // A row that scrolls sideways on purpose, focusable so a keyboard can scroll it (the
    // builder's steps on a phone): its content may be wider than its box, not wider than the page.
    const scrollsOnPurpose = (element: Element) =>
      element.matches('nav ol[tabindex="0"]') && getComputedStyle(element).overflowX === 'auto';
    const viewport = document.documentElement.clientWidth;
    const describe = (element: Element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element instanceof HTMLInputElement ? `${element.id}=${element.value}` : null) ??
        element.textContent ??
        '';
      const classes = [...element.classList].join('.');
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${name.trim().slice(0, 40)}"`;
    };
    const problems: string[] = [];
    const clipsSideways = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    const insideClipper = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent !== document.body && clipsSideways(parent)) return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (!(element instanceof HTMLElement) || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      const visuallyHidden =
        (box.width <= 1 && box.height <= 1) || style.clip !== 'auto' || style.clipPath !== 'none';
      if (visuallyHidden || style.visibility === 'hidden') continue;
      // A carousel shows one slide at a time on purpose: only the shown slide must fit its box.
      const carousel = element.closest('[aria-roledescription="carousel"]');
      if (carousel) {
        if (element.matches('[aria-roledescription="slide"]:not([aria-hidden="true"])')) {
          const frame = carousel.getBoundingClientRect();
          if (box.left < frame.left - 1 || box.right > frame.right + 1) {
            problems.push(`${describe(element)} is the shown slide and sticks out of its carousel`);
          }
        }
        continue;
      }
      // On a phone a long URL cannot fit a one-line field: the field scrolls its own text, as
      // every text field does, and the page around it must still fit.
      const scrollingTextField = textFieldsScroll === true && element instanceof HTMLInputElement;
      if (
        clipsSideways(element) &&
        !scrollsOnPurpose(element) &&
        !scrollingTextField &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        problems.push(
          `${describe(element)} clips: content ${element.scrollWidth} px in ${element.clientWidth} px`,
        );
      }
      // Inside a box that clips, the box itself is the one reported.
      if ((box.right > viewport + 1 || box.left < -1) && !insideClipper(element)) {
        problems.push(
          `${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} px of ${viewport} px`,
        );
      }
    }
    if (document.documentElement.scrollWidth > viewport) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`);
    }
    return problems;
  }, options);
}

// At desktop widths nothing on the customer's screens may be cut off (no text or control hidden by
// overflow).
describe('customer screens at desktop widths', () => {
  let checkoutOrderId = '';
  const journey = useJourney(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    async ({ server }) => {
      await registerCustomer(server.url, CUSTOMER.email, CUSTOMER.password);
      const token = await loginToken(server.url, CUSTOMER.email, CUSTOMER.password);
      const adminToken = await loginToken(server.url, ADMIN.email, ADMIN.password);
      // The widest rows the Orders table can get: long file names both ways, suggestions, receipt,
      // the longest status and payment chips.
      const review = await placeServiceOrder(server.url, token, {
        service: 'resume_review',
        fileName: LONG_FILE_NAME,
      });
      await payOrder(server.url, token, review);
      await deliverOrder(server.url, adminToken, review, `Reviewed_${LONG_FILE_NAME}`);
      const rewrite = await placeServiceOrder(server.url, token, {
        service: 'resume_rewrite',
        fileName: LONG_FILE_NAME,
      });
      await payOrder(server.url, token, rewrite);
      await startProcessing(server.url, adminToken, rewrite);
      const refunded = await placeServiceOrder(server.url, token, {
        service: 'resume_rewrite',
        fileName: LONG_FILE_NAME,
      });
      await payOrder(server.url, token, refunded);
      await refundOrder(server.url, adminToken, refunded);
      checkoutOrderId = await placeServiceOrder(server.url, token, {
        service: 'resume_rewrite',
        fileName: LONG_FILE_NAME,
      });
    },
  );

  const newPage = () => journey.newPage();

  async function signedInPage(): Promise<Page> {
    const page = await newPage();
    await page.goto(`${journey.server.url}/login`);
    await fillLoginForm(page, CUSTOMER);
    await page.waitForURL(`${journey.server.url}/home`);
    return page;
  }

  /** The problems at each desktop width, keyed by width, so a failure says where. */
  async function clippedAtDesktopWidths(page: Page, screen: string) {
    const found: Record<string, string[]> = {};
    for (const width of DESKTOP_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await waitForSettled(page);
      const problems = await clippedElements(page);
      if (problems.length > 0) found[`${screen} at ${width} px`] = problems;
    }
    return found;
  }

  it('home, signed out', async () => {
    const page = await newPage();
    await page.goto(journey.server.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await clippedAtDesktopWidths(page, 'home')).toEqual({});
  });

  it('orders: every column, long file names, the Receipt action', async () => {
    const page = await signedInPage();
    await page.goto(`${journey.server.url}/orders`);
    const table = page.getByRole('table', { name: 'Order history' });
    await table
      .getByRole('button', { name: /^Receipt: / })
      .first()
      .waitFor();
    expect(await table.getByRole('row').count()).toBe(4);
    expect(await clippedAtDesktopWidths(page, 'orders')).toEqual({});
  });

  it('pricing and checkout', async () => {
    const page = await signedInPage();
    await page.goto(`${journey.server.url}/pricing`);
    await page.getByRole('article', { name: 'Create Resume from Scratch' }).waitFor();
    const pricing = await clippedAtDesktopWidths(page, 'pricing');
    await page.goto(`${journey.server.url}/checkout?orderId=${checkoutOrderId}`);
    await page.getByRole('button', { name: 'Pay Now' }).waitFor();
    const checkout = await clippedAtDesktopWidths(page, 'checkout');
    expect({ ...pricing, ...checkout }).toEqual({});
  });

  it('the resume builder: all nine steps in view, hinted fields as tall as their neighbours', async () => {
    const page = await signedInPage();
    await page.goto(`${journey.server.url}/createresume`);
    const steps = page.getByRole('navigation', { name: 'Resume steps' }).getByRole('listitem');
    await steps.first().waitFor();
    expect(await steps.count()).toBe(9);
    const target = await clippedAtDesktopWidths(page, 'builder step 1');

    await page.getByLabel('Degree level', { exact: true }).selectOption('Bachelors');
    await page.getByLabel('Major', { exact: true }).selectOption('Data Science');
    await page.getByLabel('Target role', { exact: true }).selectOption('Data Analyst');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Step 2: Personal info' }).waitFor();
    const personal = await clippedAtDesktopWidths(page, 'builder step 2');
    expect({ ...target, ...personal }).toEqual({});

    // LinkedIn and GitHub carry a hint; Phone and Address beside them do not.
    const heights = await page.evaluate(() =>
      ['Phone', 'Address', 'LinkedIn', 'GitHub'].map((label) => {
        const labelElement = [...document.querySelectorAll('label')].find(
          (candidate) => candidate.textContent?.trim() === label,
        );
        const control = labelElement ? document.getElementById(labelElement.htmlFor) : null;
        return Math.round(control?.getBoundingClientRect().height ?? 0);
      }),
    );
    expect(heights.every((height) => height > 0)).toBe(true);
    expect(new Set(heights).size, `control heights ${heights.join(', ')}`).toBe(1);
  });

  it('the resume builder on phones (320–430 px): no step scrolls sideways, Next and Preview PDF take a tap', async () => {
    // The draft saved on the account fills every step, so the walk only presses Next. An
    // account of its own: another test's builder may still be saving its draft.
    await registerCustomer(journey.server.url, PHONE_CUSTOMER.email, PHONE_CUSTOMER.password);
    const token = await loginToken(
      journey.server.url,
      PHONE_CUSTOMER.email,
      PHONE_CUSTOMER.password,
    );
    const saved = await apiCall(journey.server.url, '/resume/draft', {
      method: 'PUT',
      token,
      body: completeDraft(),
    });
    expect(saved.status).toBe(200);
    const page = await newPage();
    await page.goto(`${journey.server.url}/login`);
    await fillLoginForm(page, PHONE_CUSTOMER);
    await page.waitForURL(`${journey.server.url}/home`);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`${journey.server.url}/createresume`);
    await page.getByRole('heading', { name: 'Step 1: Target role' }).waitFor();
    if (SHOTS_DIR) await mkdir(SHOTS_DIR, { recursive: true });

    const found: Record<string, string[]> = {};
    for (let step = 1; step <= 9; step += 1) {
      await page.getByRole('heading', { name: new RegExp(`^Step ${step}: `) }).waitFor();
      for (const width of PHONE_WIDTHS) {
        await page.setViewportSize({ width, height: 700 });
        await waitForSettled(page);
        const problems = await clippedElements(page, { textFieldsScroll: true });
        if (problems.length > 0) found[`builder step ${step} at ${width} px`] = problems;
        const buttons = step === 9 ? ['Preview PDF', 'Submit'] : ['Next'];
        for (const name of buttons) {
          const missed = await tapMisses(page, name);
          if (missed) found[`builder step ${step} at ${width} px: ${name}`] = [missed];
        }
      }
      if (SHOTS_DIR) {
        await page.setViewportSize({ width: 320, height: 700 });
        await waitForSettled(page);
        await page.screenshot({
          path: `${SHOTS_DIR}/builder-step-${step}-320.png`,
          fullPage: true,
        });
      }
      if (step < 9) await page.getByRole('button', { name: 'Next' }).click();
    }
    expect(found).toEqual({});
  });

  it('pricing, signed out: the redirect home shifts no layout, on a desktop or a phone', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 412, height: 823 },
    ]) {
      const context = await journey.newContext({ viewport });
      await context.addInitScript(() => {
        const shifts: number[] = [];
        Object.assign(window, { __layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      await page.goto(`${journey.server.url}/pricing`);
      await page.waitForURL(`${journey.server.url}/`);
      await page.getByText('Please log in to open that page.').first().waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await waitForSettled(page);
      const shift = await page.evaluate(() =>
        ((window as unknown as { __layoutShifts: number[] }).__layoutShifts ?? []).reduce(
          (sum, value) => sum + value,
          0,
        ),
      );
      expect(shift, `cumulative layout shift at ${viewport.width} px`).toBeLessThan(0.01);
    }
  });
});

/**
 * Whether a tap in the middle of the named button, once scrolled into view, would reach
 * something else (another element on top of it, or a point off the screen): the text of what
 * it would hit, or null when the tap lands on the button.
 */
async function tapMisses(page: Page, name: string): Promise<string | null> {
  const button = page.getByRole('button', { name, exact: true });
  await button.scrollIntoViewIfNeeded();
  return button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
      return `its middle (${Math.round(x)}, ${Math.round(y)}) is off the screen`;
    }
    const hit = document.elementFromPoint(x, y);
    if (hit !== null && element.contains(hit)) return null;
    return `a tap reaches <${hit?.tagName.toLowerCase() ?? 'nothing'}> "${hit?.textContent?.trim().slice(0, 40) ?? ''}"`;
  });
}

/** Every step of the builder filled in as a job seeker would, with a current job. */
function completeDraft() {
  return {
    step: 0,
    degreeLevel: 'Bachelors',
    majorPrimary: 'Data Science',
    majorOther: '',
    targetRole: 'Data Analyst',
    roleOther: '',
    personal: {
      fullName: 'Meera Rao',
      email: PHONE_CUSTOMER.email,
      phone: '+91 98765 43210',
      address: 'Flat 12, Lakeview Residency, Koramangala 5th Block, Bengaluru 560095',
      linkedin: 'https://www.linkedin.com/in/meera-rao-data-analyst-bengaluru',
      github: 'https://github.com/meera-rao-analytics',
    },
    summary:
      'Data analyst with three years of turning product and sales data into decisions, from dashboards to A/B tests.',
    skills: {
      techSkills: 'SQL, Python, Tableau, Power BI, Excel, dbt, Airflow',
      softSkills: 'Writing, stakeholder management, mentoring',
    },
    lists: {
      work: [
        {
          jobTitle: 'Senior Data Analyst (Pricing and Growth Analytics)',
          company: 'Acme Retail Private Limited',
          location: 'Bengaluru, Karnataka, India',
          start: '2023-02',
          end: 'Present',
          responsibilities:
            'Built the weekly sales dashboard used by 40 store managers.\nDesigned A/B tests on checkout.',
        },
      ],
      edu: [
        {
          degree: 'Bachelor of Technology',
          institution: 'National Institute of Technology Karnataka, Surathkal',
          location: 'Mangaluru',
          start: '2017-08',
          end: '2021-05',
          major: 'Computer Science and Engineering',
        },
      ],
      projects: [
        {
          name: 'Churn prediction for a subscription grocery service',
          desc: 'Predicted churn two weeks ahead with gradient boosting.',
          tech: 'Python, scikit-learn, LightGBM',
          role: 'Lead analyst',
          link: 'https://github.com/meera-rao-analytics/churn-prediction-subscription-grocery',
        },
      ],
      certs: [
        {
          name: 'Google Data Analytics Professional Certificate',
          org: 'Google / Coursera',
          date: '2022-06',
        },
      ],
      langs: [{ name: 'Kannada', level: 'Native' }],
    },
  };
}
