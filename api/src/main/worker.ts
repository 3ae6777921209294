// `npm run worker`: background work in services mode (BullMQ on REDIS_URL), beside the API.
// It builds the same services and app as the server, without listening: every job handler the
// app registers (mail, payment webhooks…) runs here too, and the projectors and reactors run
// here as well (advisory locks keep exactly one active copy of each, wherever it runs).
import { buildApp } from '../app';
import { type Config, ConfigError, loadConfig } from '../config/config';
import { createLogger } from '../plugins/logging';
import { createServices } from '../services/create-services';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.redisUrl === null) {
    // Without Redis the API runs its jobs in-process; a separate worker would have nothing to do.
    throw new ConfigError([
      'REDIS_URL is required for the worker (embedded mode runs jobs in the API process)',
    ]);
  }
  if (config.databaseUrl === null) {
    throw new ConfigError(['DATABASE_URL is required for the worker (services mode)']);
  }
  if (config.jwtSecret === null) {
    throw new ConfigError(['JWT_SECRET is required for the worker (services mode)']);
  }
  const logger = createLogger(config.logLevel);
  // The worker is where the background work runs, whatever BACKGROUND_WORK the APIs share.
  const workerConfig: Config = { ...config, backgroundWork: 'here' };
  const running = await createServices({
    config: workerConfig,
    databaseUrl: config.databaseUrl,
    logger,
  });
  const app = await buildApp({ config: workerConfig, services: running.services, logger });
  await app.ready();
  logger.info('Worker is running');
  const stop = () => {
    app
      .close()
      .then(() => running.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'Worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
