import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/config';
import { startServer } from '../../main/start-server';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The sandbox's pay button marks any order paid, so production without real
// Razorpay keys must not start unless RAZORPAY_SANDBOX says so, and then says it loudly.
const JWT_SECRET = randomBytes(32).toString('hex');
let app: TestApp | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

const sandboxPay = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/sandbox/razorpay/checkout/pay',
    payload: { key: 'rzp_test_ShortlistSandbox', order_id: 'order_none', method: 'upi' },
  });

describe('production and the payment sandbox', () => {
  it('refuses to start without Razorpay keys, naming RAZORPAY_KEY_ID', async () => {
    const start = startServer({ env: { NODE_ENV: 'production', JWT_SECRET } });
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(startServer({ env: { NODE_ENV: 'production', JWT_SECRET } })).rejects.toThrow(
      /RAZORPAY_KEY_ID is required in production.*RAZORPAY_SANDBOX=true/,
    );
  });

  it('starts on the sandbox with RAZORPAY_SANDBOX=true and logs that anyone can mark orders paid', async () => {
    app = await createTestApp({ env: { NODE_ENV: 'production', RAZORPAY_SANDBOX: 'true' } });
    const warnings = app.logs
      .entries()
      .filter((entry) => typeof entry.level === 'number' && entry.level >= 40)
      .map((entry) => String(entry.msg));
    expect(warnings).toContainEqual(expect.stringContaining('ANYONE can mark any order paid'));
    // The sandbox is there (a 4xx for an order it does not know, not a missing route).
    const pay = await sandboxPay(app);
    expect(pay.statusCode).not.toBe(404);
  });

  it('serves no sandbox in production with real keys', async () => {
    app = await createTestApp({
      env: {
        NODE_ENV: 'production',
        RAZORPAY_SANDBOX: '',
        RAZORPAY_KEY_ID: 'rzp_live_example',
        RAZORPAY_KEY_SECRET: 'live_secret',
        RAZORPAY_WEBHOOK_SECRET: 'live_webhook_secret',
        PAYMENT_INSTRUMENT_KEY: 'a-production-instrument-key-of-32-characters-or-more',
      },
    });
    expect((await sandboxPay(app)).statusCode).toBe(404);
    expect(app.logs.lines.join('\n')).not.toContain('ANYONE can mark');
  });
});
