import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../app';
import { type Env, loadConfig } from '../config/config';
import { loadOrCreateSecret } from '../config/secrets';
import { createLogger, type LogDestination } from '../plugins/logging';
import { createServices } from '../services/create-services';
import { startEmbeddedPostgres } from './embedded-postgres';
import { firstRunNotices } from './first-run-notices';

export interface StartServerOptions {
  env: Env;
  /** Where log lines go; default stdout. */
  logDestination?: LogDestination;
}

export interface RunningServer {
  /** http://host:port the server listens on (localhost when bound to every interface). */
  url: string;
  /**
   * Sentences for the console (main/first-run-notices.ts): the one-time first-admin link when
   * no admin exists, where mail goes, simulated payments, maintenance.
   */
  notices: string[];
  close(): Promise<void>;
}

/**
 * The whole product in one process: configuration, PostgreSQL (embedded unless DATABASE_URL),
 * migrations, event store, projections, queue, the API and the three web apps. Throws
 * ConfigError for a bad environment. `close()` shuts everything down in reverse order.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const config = loadConfig(options.env);
  const logger = createLogger(config.logLevel, options.logDestination);
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) {
      await closer().catch((error: unknown) =>
        logger.error({ err: error }, 'Shutdown step failed'),
      );
    }
  };
  try {
    const databaseUrl = await resolveDatabase(config, logger, closers);
    const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir, 'jwt-secret'));
    const running = await createServices({
      config: { ...config, jwtSecret },
      databaseUrl,
      logger,
    });
    closers.push(running.close);

    const app = await buildApp({
      config: { ...config, jwtSecret },
      services: running.services,
      logger,
      webApps: true,
    });
    closers.push(() => app.close());
    await app.listen({ host: config.host, port: config.port });
    const url = `http://${displayHost(config.host)}:${config.port}`;
    // The sandbox fires Razorpay-style webhooks at our own address, known only now.
    running.services.payments.sandbox?.setWebhookUrl(`${url}/api/payments/webhook`);
    logger.info({ url, embedded: config.databaseUrl === null }, 'Shortlist is running');
    // ADMIN_EMAIL, when set, made its admin while the routes registered: no link is needed then.
    const notices = firstRunNotices({
      url,
      config,
      paymentsSimulated: running.services.payments.sandbox !== null,
      setupToken: await app.firstAdminSetup.openIfNoAdmin(),
    });
    return { url, notices, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function resolveDatabase(
  config: ReturnType<typeof loadConfig>,
  logger: FastifyBaseLogger,
  closers: (() => Promise<void>)[],
): Promise<string> {
  if (config.databaseUrl !== null) return config.databaseUrl;
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    logger,
  });
  closers.push(embedded.stop);
  return embedded.connectionString;
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
