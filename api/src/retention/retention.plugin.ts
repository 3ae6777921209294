import type { FastifyPluginAsync } from 'fastify';
import { eraseExpiredOrders } from './erase-expired-orders';
import { expireUnpaidOrders } from './expire-unpaid-orders';
import {
  type DailyJob,
  ERASE_COMPLETED_JOB,
  EXPIRE_UNPAID_JOB,
  registerDailyJob,
  startDailySchedule,
} from './retention-job';

/**
 * The daily clean-ups: the erasure of orders completed over 30 days ago (ARCHITECTURE.md
 * "Server rules": they lose their personal data and files) and the expiry of orders left unpaid
 * for UNPAID_ORDER_EXPIRY_DAYS (removed as a customer's Delete removes one). Registered in every
 * process that builds the app, i.e. every process that runs jobs: the server in embedded mode,
 * the API and the workers in services mode; each day's job key lets only one of them run it.
 */
export const retentionPlugin: FastifyPluginAsync = async (app) => {
  const common = () => ({
    store: app.store,
    db: app.db,
    vault: app.vault,
    files: app.files,
    logger: app.log,
    waitForProjections: (position: Parameters<typeof app.waitForProjections>[0]) =>
      app.waitForProjections(position, ['orders']),
  });
  registerDailyJob(app.queue, ERASE_COMPLETED_JOB, {
    run: async (now) => {
      const { erased } = await eraseExpiredOrders({ ...common(), now });
      return { erased: erased.length };
    },
    logger: app.log,
  });
  registerDailyJob(app.queue, EXPIRE_UNPAID_JOB, {
    run: async (now) => {
      const { expired, skipped } = await expireUnpaidOrders({ ...common(), now });
      return { expired: expired.length, skipped: skipped.length };
    },
    logger: app.log,
  });
  const schedule = async (job: DailyJob) => {
    const runAt = await startDailySchedule(app.queue, job, new Date());
    app.log.info({ runAt: runAt.toISOString() }, job.scheduledMessage);
  };
  app.addHook('onReady', async () => {
    await schedule(ERASE_COMPLETED_JOB);
    await schedule(EXPIRE_UNPAID_JOB);
  });
};
