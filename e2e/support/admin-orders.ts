import type { Page } from 'playwright-core';
import { registerCustomer, tinyPdf } from './customer-api';
import { fillLoginForm, type Person } from './login-form';
import { screenshotBothWidths } from './screenshots';

const ADMIN_SCREENS_DIR = '/work/screens/admin';

/**
 * A new customer orders a resume review from the home page's dialog with a PDF and pays it in
 * the Razorpay sandbox, as a person does. Answers the order id.
 */
export async function payReviewOrder(page: Page, baseUrl: string, customer: Person) {
  await registerCustomer(baseUrl, customer.email, customer.password);
  await page.goto(`${baseUrl}/login?next=${encodeURIComponent('/home?open=resume_review')}`);
  await fillLoginForm(page, customer);
  const dialog = page.getByRole('dialog', { name: 'Resume Review' });
  await dialog.waitFor();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'my-cv.pdf',
    mimeType: 'application/pdf',
    buffer: tinyPdf(),
  });
  await dialog.getByText('my-cv.pdf').waitFor();
  await dialog.getByRole('button', { name: 'Continue to checkout' }).click();

  await page.waitForURL(/\/checkout\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId');
  if (!orderId) throw new Error('checkout opened without an orderId');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const sandbox = page.locator('[data-razorpay-sandbox]');
  await sandbox.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('dialog', { name: 'Order placed' }).waitFor();
  return orderId;
}

/** Signed out at an admin path → the login page → back at that path as the admin. */
export async function openAsAdmin(page: Page, baseUrl: string, path: string, admin: Person) {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(/\/login\?next=/);
  await fillLoginForm(page, admin);
  await page.waitForURL((url) => url.pathname === new URL(`${baseUrl}${path}`).pathname);
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
}

/**
 * Waits for a toast with this text in the admin app's polite live region that no earlier call
 * has claimed, and claims it. A toast stays five seconds, and longer while the pointer rests on
 * the region, so the one an earlier step showed (the same words, for a second status change)
 * may still be there: it must not answer for the new one, nor make the locator ambiguous.
 * Finding and claiming happen in one call in the page, so the toast cannot go in between.
 */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.waitForFunction((message) => {
    const toasts = document.querySelectorAll<HTMLElement>(
      '[role="status"][aria-live="polite"] > :not([data-e2e-claimed])',
    );
    const fresh = [...toasts].find((toast) => toast.querySelector('p')?.textContent === message);
    fresh?.setAttribute('data-e2e-claimed', '');
    return fresh !== undefined;
  }, text);
}

/** Full-page screenshots at 1280 and 375 px into /work/screens/admin (not in the repo). */
export function shootAdmin(page: Page, name: string): Promise<void> {
  return screenshotBothWidths(page, ADMIN_SCREENS_DIR, name);
}
