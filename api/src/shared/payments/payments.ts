import { createHmac } from 'node:crypto';
import { createRazorpaySandbox, type RazorpaySandbox } from '@shortlist/razorpay-sandbox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config/config';
import { instrumentKey } from './payment-instrument';
import type { PaymentProvider } from './payment-provider.port';
import { createRazorpayProvider } from './razorpay.provider';
import { createSandboxProvider } from './sandbox.provider';

/** Where the sandbox is mounted, and its Checkout.js (the web app loads whichever script we name). */
export const SANDBOX_PREFIX = '/sandbox/razorpay';
const SANDBOX_KEY_ID = 'rzp_test_ShortlistSandbox';

/** The payment provider the app talks to: `app.payments`. */
export interface Payments {
  provider: PaymentProvider;
  /** The Razorpay key secret: checkout signatures are HMACs with it. */
  keySecret: string;
  /** The secret set on the webhook (not the key secret): webhook signatures are HMACs with it. */
  webhookSecret: string;
  /** The HMAC key of payment instrument fingerprints (payment-instrument.ts). */
  instrumentKey: string;
  /** The local Razorpay stand-in; null when real Razorpay keys are configured. */
  sandbox: RazorpaySandbox | null;
  close(): Promise<void>;
}

/** What the payment use cases read from the app: its event store, provider and logger. */
export type PaymentsApp = Pick<FastifyInstance, 'store' | 'payments' | 'log'>;

/**
 * Real Razorpay when RAZORPAY_* are set, else the sandbox (embedded mode and tests): the same
 * use cases, signatures and webhook path either way, so verification is always the real code.
 */
export async function createPayments(options: {
  config: Config;
  databaseUrl: string;
  logger: FastifyBaseLogger;
}): Promise<Payments> {
  const { config, logger } = options;
  if (config.razorpay !== null) {
    const { keyId, keySecret, webhookSecret } = config.razorpay;
    return {
      provider: createRazorpayProvider({ keyId, keySecret }),
      keySecret,
      webhookSecret,
      instrumentKey: instrumentKey(config),
      sandbox: null,
      close: async () => undefined,
    };
  }
  if (config.nodeEnv === 'production') {
    // loadConfig refuses this without RAZORPAY_SANDBOX; a Config built by hand must not slip by.
    if (!config.razorpaySandbox) {
      throw new Error('Production without RAZORPAY_* keys needs RAZORPAY_SANDBOX=true');
    }
    logger.error(
      { sandbox: SANDBOX_PREFIX },
      'RAZORPAY_SANDBOX=true in production: payments go to the local sandbox, where ANYONE can ' +
        'mark any order paid without paying. Set the RAZORPAY_* keys before taking real orders.',
    );
  }
  // Derived from the JWT secret (already generated and kept in DATA_DIR, or given): stable
  // across restarts, nothing more to configure or store.
  const keySecret = derivedSecret(config, 'razorpay-sandbox-key-secret');
  const webhookSecret = derivedSecret(config, 'razorpay-sandbox-webhook-secret');
  const sandbox = await createRazorpaySandbox({
    keyId: SANDBOX_KEY_ID,
    keySecret,
    webhookSecret,
    database: { connectionString: options.databaseUrl },
    // Set by the server once it listens (start-server.ts): only then is our address known.
    webhookUrl: null,
  });
  return {
    provider: createSandboxProvider(sandbox, {
      checkoutScriptUrl: `${SANDBOX_PREFIX}/checkout.js`,
    }),
    keySecret,
    webhookSecret,
    instrumentKey: instrumentKey(config),
    sandbox,
    close: () => sandbox.close(),
  };
}

function derivedSecret(config: Config, purpose: string): string {
  if (config.jwtSecret === null) throw new Error('The payment sandbox needs config.jwtSecret');
  return createHmac('sha256', config.jwtSecret).update(purpose).digest('base64url');
}
