import type { FastifyPluginAsync } from 'fastify';
import fileStoragePlugin from '../files/file-storage.plugin';
import { eraseExpiredOrders } from './erase-expired-orders';
import { registerRetentionJob, startRetentionSchedule } from './retention-job';

/**
 * The daily erasure (ARCHITECTURE.md "Server rules": orders completed over 30 days ago lose
 * their personal data and files). Registered in every process that builds the app, i.e. every
 * process that runs jobs: the server in embedded mode, the API and the workers in services mode;
 * the day's job key lets only one of them run it.
 *
 * Kept encapsulated (no fastify-plugin): the file storage it registers, created from
 * DATA_DIR exactly as the order routes' own, stays in this context.
 */
export const retentionPlugin: FastifyPluginAsync = async (app) => {
  await app.register(fileStoragePlugin);
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
