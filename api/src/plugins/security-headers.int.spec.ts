import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptHtml } from '../shared/orders/receipt-html';
import { createTestApp, type TestApp } from '../testing/test-app';
import securityHeadersPlugin, { inlineStyles } from './security-headers.plugin';

let webRoot: string;
let t: TestApp;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'shortlist-headers-'));
  await mkdir(join(webRoot, 'web-customer', 'dist'), { recursive: true });
  await writeFile(join(webRoot, 'web-customer', 'dist', 'index.html'), '<html>customer</html>');
  t = await createTestApp({ env: { WEB_ROOT: webRoot }, webApps: true });
});

afterAll(async () => {
  await t?.close();
  await rm(webRoot, { recursive: true, force: true });
});

/** The policy as a map from directive to its sources. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== undefined && words[0] !== '')
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const sha256 = (source: string) =>
  `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

describe('security headers', () => {
  // An API answer, a web app page, the sandbox's Checkout.js and a 404: every answer.
  it.each(['/api/health', '/', '/orders', '/sandbox/razorpay/checkout.js', '/api/no-such-route'])(
    '%s carries the strict policy, nosniff, no framing and a referrer policy',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).not.toContain("'unsafe-inline'");
      // Plain http in development and tests: nothing may be upgraded or pinned to https.
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it("allows the receipt's inline style by hash (the customer app shows it in a srcdoc frame)", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const styleSrc = directives(response.headers['content-security-policy']).get('style-src');
    const styles = inlineStyles(
      receiptHtml({
        orderId: '2c1f0e5a-0000-4000-8000-000000000001',
        planName: 'ATS Resume – From Scratch',
        amount: 850,
        currency: 'INR',
        paidAt: new Date('2026-01-02T03:04:05Z'),
        brand: 'Shortlist',
      }),
    );
    expect(styles).toHaveLength(1);
    for (const style of styles) expect(styleSrc).toContain(sha256(style));
  });
});

describe('security headers in production with real Razorpay', () => {
  it('pins https (HSTS, upgrade-insecure-requests) and allows only Razorpay beyond this origin', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { production: true, realRazorpay: true });
    app.get('/probe', async () => ({ ok: true }));
    try {
      const response = await app.inject({ method: 'GET', url: '/probe' });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('upgrade-insecure-requests')).toEqual([]);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
      expect(csp.get('frame-src')).toEqual(["'self'", 'https://api.razorpay.com']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.razorpay.com']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    } finally {
      await app.close();
    }
  });
});
