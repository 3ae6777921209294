import type { Page } from 'playwright-core';

/** Someone who signs in through the customer login page (customers and admins alike). */
export interface Person {
  email: string;
  password: string;
}

/** Fills and sends the customer login form (/login) the page shows. */
export async function fillLoginForm(page: Page, who: Person): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
}
