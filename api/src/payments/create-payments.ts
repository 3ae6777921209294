import { createHmac } from 'node:crypto';
import type { EventStore } from '@shortlist/eventstore';
import type { Database } from '@shortlist/projections';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config/config';
import type { JobQueue } from '../queue/job-queue.port';
import type { PaymentDeps } from './payment.deps';
import { createPaymentService, type PaymentService } from './payment.service';
import { registerPaymentJobs } from './payment-webhook';
import { createRazorpayProvider } from './razorpay.provider';
import { registerReconcileJob, startReconcileSchedule } from './reconcile-payments';
import { createRazorpaySandbox, type RazorpaySandbox } from './sandbox/razorpay-sandbox';
import { createSandboxProvider } from './sandbox/sandbox.provider';

/** Where the sandbox is mounted, and its Checkout.js (the web app loads whichever script we name). */
export const SANDBOX_PREFIX = '/sandbox/razorpay';
const SANDBOX_KEY_ID = 'rzp_test_ShortlistSandbox';

export interface Payments {
  service: PaymentService;
  /** The local Razorpay stand-in; null when real Razorpay keys are configured. */
  sandbox: RazorpaySandbox | null;
  webhookSecret: string;
  close(): Promise<void>;
}

export interface CreatePaymentsOptions {
  config: Config;
  databaseUrl: string;
  store: EventStore;
  db: Kysely<Database>;
  queue: JobQueue;
  logger: FastifyBaseLogger;
}

/**
 * Real Razorpay when RAZORPAY_* are set, else the sandbox (embedded mode and tests): the same
 * service, signatures and webhook path either way, so verification is always the real code.
 */
export async function createPayments(options: CreatePaymentsOptions): Promise<Payments> {
  const { config, store, db, queue, logger } = options;
  let sandbox: RazorpaySandbox | null = null;
  let keySecret: string;
  let webhookSecret: string;
  let provider: ReturnType<typeof createRazorpayProvider>;
  if (config.razorpay !== null) {
    ({ keySecret, webhookSecret } = config.razorpay);
    provider = createRazorpayProvider({ keyId: config.razorpay.keyId, keySecret });
  } else {
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
    keySecret = derivedSecret(config, 'razorpay-sandbox-key-secret');
    webhookSecret = derivedSecret(config, 'razorpay-sandbox-webhook-secret');
    sandbox = await createRazorpaySandbox({
      keyId: SANDBOX_KEY_ID,
      keySecret,
      webhookSecret,
      database: { connectionString: options.databaseUrl },
      // Set by the server once it listens (start-server.ts): only then is our address known.
      webhookUrl: null,
    });
    provider = createSandboxProvider(sandbox, {
      checkoutScriptUrl: `${SANDBOX_PREFIX}/checkout.js`,
    });
  }
  const deps: PaymentDeps = {
    store,
    provider,
    keySecret,
    logger,
    customerName: async (userId) =>
      (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst())
        ?.name ?? null,
  };
  const service = createPaymentService(deps);
  registerPaymentJobs(queue, service);
  // Every process that runs jobs schedules the next run; the slot's key keeps it to one.
  registerReconcileJob(queue, deps);
  const reconcileAt = await startReconcileSchedule(queue, new Date());
  logger.info({ runAt: reconcileAt.toISOString() }, 'Payment reconciliation scheduled');
  const running = sandbox;
  return {
    service,
    sandbox,
    webhookSecret,
    close: async () => {
      await running?.close();
    },
  };
}

function derivedSecret(config: Config, purpose: string): string {
  if (config.jwtSecret === null) throw new Error('The payment sandbox needs config.jwtSecret');
  return createHmac('sha256', config.jwtSecret).update(purpose).digest('base64url');
}
