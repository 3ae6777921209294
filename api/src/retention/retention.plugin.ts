import type { FastifyPluginAsync } from 'fastify';
import { eraseExpiredOrders } from './erase-expired-orders';
import { registerRetentionJob, startRetentionSchedule } from './retention-job';

/**
 * The daily erasure (ARCHITECTURE.md "Server rules": orders completed over 30 days ago lose
 * their personal data and files). Registered in every process that builds the app, i.e. every
 * process that runs jobs: the server in embedded mode, the API and the workers in services mode;
 * the day's job key lets only one of them run it.
 */
export const retentionPlugin: FastifyPluginAsync = async (app) => {
  registerRetentionJob(app.queue, {
    erase: (now) =>
      eraseExpiredOrders({
        store: app.store,
        db: app.db,
        vault: app.vault,
        files: app.files,
        now,
        logger: app.log,
        waitForProjections: (position) => app.waitForProjections(position, ['orders']),
      }),
    logger: app.log,
  });
  app.addHook('onReady', async () => {
    const runAt = await startRetentionSchedule(app.queue, new Date());
    app.log.info({ runAt: runAt.toISOString() }, 'Retention erasure scheduled');
  });
};
