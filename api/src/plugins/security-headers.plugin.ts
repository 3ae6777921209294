import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { renderOutboxPage } from '../mail/outbox-preview.page';
import { receiptHtml } from '../shared/orders/receipt-html';
import { RAZORPAY_CHECKOUT_SCRIPT_URL } from '../shared/payments/payment-provider.port';

export interface SecurityHeadersOptions {
  /** HSTS and upgrade-insecure-requests only in production: development runs on plain http. */
  production: boolean;
  /**
   * Real Razorpay (keys configured): its Checkout.js loads from checkout.razorpay.com and opens
   * its frames on api.razorpay.com. Without keys the sandbox's Checkout.js is served from this
   * origin (/sandbox/razorpay/checkout.js) and draws its dialog in the page, so 'self' covers it.
   */
  realRazorpay: boolean;
}

/** Where real Razorpay's Checkout.js draws its payment frames and talks to. */
export const RAZORPAY_FRAME_ORIGIN = 'https://api.razorpay.com';
export const RAZORPAY_SCRIPT_ORIGIN = new URL(RAZORPAY_CHECKOUT_SCRIPT_URL).origin;

/**
 * The HTML this server writes itself carries one inline <style> each (the printable receipt,
 * which the customer app also shows in a srcdoc frame that inherits the page's policy, and the
 * development outbox page). They are allowed by hash, taken from the renderers' own output, so
 * a change to either style cannot silently fall out of the policy; no 'unsafe-inline'.
 */
export function ownInlineStyleHashes(): string[] {
  const receipt = receiptHtml({
    orderId: 'order',
    planName: 'plan',
    amount: 1,
    currency: 'INR',
    paidAt: new Date(0),
    brand: 'Shortlist',
  });
  const outbox = renderOutboxPage({
    id: 'mail',
    messageId: '<mail@shortlist>',
    from: 'from@example.com',
    to: 'to@example.com',
    subject: 'subject',
    text: 'text',
    headers: {},
    html: null,
    date: new Date(0).toISOString(),
  });
  return [...new Set([...inlineStyles(receipt), ...inlineStyles(outbox)].map(cspHash))];
}

/** The contents of every <style> element in a page, as the browser hashes them. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
}

function cspHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/**
 * A page's policy with its own <style> elements allowed by hash: the web apps' index.html
 * carries the first screen's CSS inline (scripts/vite-inline-entry-css.ts). The hashes come from
 * the very HTML about to be sent, so a rebuild can never serve styles its policy refuses. The
 * browser hashes the element's text after the HTML parser's newline normalisation (CR LF and
 * CR become LF), so the same is done here.
 */
export function allowInlineStyles(policy: string, html: string): string {
  const hashes = inlineStyles(html).map((style) => cspHash(style.replace(/\r\n?/g, '\n')));
  if (hashes.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'style-src') return directive;
      const added = hashes.filter((hash) => !sources.includes(hash));
      return [name, ...sources, ...new Set(added)].join(' ');
    })
    .join(';');
}

/** The Content-Security-Policy directives every answer carries (helmet's camelCase names). */
export function contentSecurityPolicy(options: SecurityHeadersOptions): Record<string, string[]> {
  const checkoutScripts = options.realRazorpay ? [RAZORPAY_SCRIPT_ORIGIN] : [];
  const checkoutFrames = options.realRazorpay ? [RAZORPAY_FRAME_ORIGIN] : [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    connectSrc: ["'self'", ...checkoutFrames],
    fontSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    frameSrc: ["'self'", ...checkoutFrames],
    // data: for the apps' inline SVG favicon.
    imgSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'", ...checkoutScripts],
    scriptSrcAttr: ["'none'"],
    // React and the sandbox's Checkout.js style elements through the CSSOM, which the policy
    // does not govern; style attributes and <style> elements in markup need a listed hash.
    styleSrc: ["'self'", ...ownInlineStyleHashes()],
    ...(options.production ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * Security headers on every answer (API, web apps, sandbox): a strict CSP, nosniff, no framing,
 * a referrer policy, HSTS in production. A route that serves a page with other needs (the API
 * reference at /api/docs) sets its own CSP header, which replaces this one.
 */
const securityHeadersPlugin: FastifyPluginAsync<SecurityHeadersOptions> = async (app, options) => {
  // Made once: making helmet's middleware parses and checks the whole policy, which done per
  // request (as @fastify/helmet does) costs a few per cent of a small answer's CPU. Each answer
  // then only sets the headers computed here.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(options),
    },
    // Real Razorpay opens UPI and 3-D Secure steps in pop-ups that report back to the page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    // X-Content-Type-Options: nosniff is on by default (helmet refuses an explicit `true`).
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error === undefined || error === null) done();
      else done(error instanceof Error ? error : new Error(String(error)));
    });
  });
};

export default fp(securityHeadersPlugin, { name: 'security-headers', fastify: '5.x' });
