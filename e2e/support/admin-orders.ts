import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { waitForSettled } from './browser';
import { registerCustomer, tinyPdf } from './customer-api';

/** Someone who signs in through the customer login page (customers and admins alike). */
export interface Person {
  email: string;
  password: string;
}

export const ADMIN_SCREENS_DIR = '/work/screens/admin';

export async function logIn(page: Page, who: Person): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * A new customer orders a resume review from the home page's dialog with a PDF and pays it in
 * the Razorpay sandbox, as a person does. Answers the order id.
 */
export async function payReviewOrder(page: Page, baseUrl: string, customer: Person) {
  await registerCustomer(baseUrl, customer.email, customer.password);
  await page.goto(`${baseUrl}/login?next=${encodeURIComponent('/home?open=resume_review')}`);
  await logIn(page, customer);
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
  await logIn(page, admin);
  await page.waitForURL((url) => url.pathname === new URL(`${baseUrl}${path}`).pathname);
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
}

/** A toast the admin app showed (the kit's polite live region). */
export function toast(page: Page, text: string) {
  return page.getByRole('status').getByText(text, { exact: true });
}

/** Full-page screenshots at 1280 and 375 px into /work/screens/admin (not in the repo). */
export async function shootAdmin(page: Page, name: string): Promise<void> {
  await mkdir(ADMIN_SCREENS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await waitForSettled(page);
    await page.screenshot({ path: `${ADMIN_SCREENS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
