import type { Page } from 'playwright-core';
import { screenshotBothWidths } from './screenshots';

/** JSON against the running server, as a script (not the browser) calls it. */
export async function apiCall<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

export async function loginToken(baseUrl: string, email: string, password: string) {
  const { status, body } = await apiCall<{ token?: string }>(baseUrl, '/login', {
    body: { email, password },
  });
  if (status !== 200 || !body.token) throw new Error(`login of ${email} failed: ${status}`);
  return body.token;
}

/** An influencer created the way an admin does it; answers its referral code and id. */
export async function createInfluencer(baseUrl: string, adminToken: string) {
  const { status, body } = await apiCall<{ item: { _id: string; referralCode: string } }>(
    baseUrl,
    '/admin/influencers',
    {
      token: adminToken,
      body: { name: 'Riya Sen', email: 'riya@influencers.test', password: 'riya-pass-1' },
    },
  );
  if (status !== 201) throw new Error(`creating the influencer failed: ${status}`);
  return { id: body.item._id, code: body.item.referralCode };
}

export async function registerCustomer(baseUrl: string, email: string, password: string) {
  const { status } = await apiCall(baseUrl, '/register', {
    body: { name: 'Meera Rao', email, password, cpassword: password },
  });
  if (status !== 201) throw new Error(`registering ${email} failed: ${status}`);
}

/** The smallest PDF that still is one (file-type checks the %PDF header). */
export function tinyPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
      '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

export const SHOTS_DIR = '/tmp/shots-app';

/** Full-page screenshots of the page as it is now, at 1280 and 375 px wide. */
export function shootBothWidths(page: Page, name: string): Promise<void> {
  return screenshotBothWidths(page, SHOTS_DIR, name);
}

/** Pixels the page is wider than the window: 0 when nothing scrolls sideways. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
