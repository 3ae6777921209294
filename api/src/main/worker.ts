// `npm run worker`: background jobs in services mode (BullMQ on REDIS_URL), beside the API.
// The API enqueues; this process runs the handlers. Mail, erasure and reminders register their
// handlers in registerJobHandlers as they land.
import { ConfigError, loadConfig } from '../config/config';
import { createLogger } from '../plugins/logging';
import { createBullMqQueue } from '../queue/bullmq.queue';
import type { JobQueue } from '../queue/job-queue.port';

/** Job name of the no-op a deployment can enqueue to prove the worker is alive. */
export const PING_JOB = 'worker.ping';

export function registerJobHandlers(queue: JobQueue, log: (message: string) => void): void {
  queue.process(PING_JOB, async (_payload, job) => {
    log(`pong (${job.key})`);
  });
}

try {
  const config = loadConfig(process.env);
  if (config.redisUrl === null) {
    // Without Redis the API runs its jobs in-process; a separate worker would have nothing to do.
    throw new ConfigError([
      'REDIS_URL is required for the worker (embedded mode runs jobs in the API process)',
    ]);
  }
  const logger = createLogger(config.logLevel);
  const queue = createBullMqQueue({ redisUrl: config.redisUrl, logger });
  registerJobHandlers(queue, (message) => logger.info(message));
  logger.info('Worker is running');
  const stop = () => {
    queue.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'Worker shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
