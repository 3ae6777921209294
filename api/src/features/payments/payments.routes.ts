import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerContext } from '../../auth/auth-context';
import { checkoutRoute } from './checkout.route';
import { registerPaymentJobs } from './payment-webhook';
import { registerReconcileJob, startReconcileSchedule } from './reconcile-payments';
import { verifyRoute } from './verify.route';
import { webhookRoute } from './webhook.route';

/**
 * The payment slice under /api: checkout and verify for signed-in customers, and the public
 * webhook (authenticated by Razorpay's signature instead of a token). Its two jobs (webhook
 * deliveries, the 15-minute reconciliation) run in every process that builds the app, i.e.
 * every process that runs jobs; the reconciliation slot's key lets one of them run each slot.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerContext(checkoutRoute));
  await app.register(customerContext(verifyRoute));
  await app.register(webhookRoute);

  registerPaymentJobs(app);
  registerReconcileJob(app);
  app.addHook('onReady', async () => {
    const runAt = await startReconcileSchedule(app.queue, new Date());
    app.log.info({ runAt: runAt.toISOString() }, 'Payment reconciliation scheduled');
  });
};
