import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { razorpaySandboxRoutes } from '@shortlist/razorpay-sandbox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import authPlugin from './auth/auth.plugin';
import type { Config } from './config/config';
import documentWorkPlugin from './document-work/document-work.plugin';
import { accountRoutes } from './features/accounts/account.routes';
import { createFirstAdminSetup } from './features/accounts/first-admin-setup';
import { adminRoutes } from './features/admin/admin.routes';
import { atsRoutes } from './features/ats/ats.routes';
import { openSupportQueryRoute } from './features/contact/open-support-query.route';
import { influencerRoutes } from './features/influencer/influencer.routes';
import { customerOrderRoutes } from './features/orders/orders.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { referralLinkRoute } from './features/referral-link/referral-link.route';
import { rewardRulesRoute } from './features/reward-rules/reward-rules.route';
import { siteConfigRoute } from './features/site-config/site-config.route';
import { healthRoutes } from './health/health.route';
import { mailPlugin } from './mail/mail.plugin';
import metricsPlugin from './metrics/metrics.plugin';
import openapiPlugin from './openapi/openapi.plugin';
import bodyRatePlugin, { type BodyRate } from './plugins/body-rate.plugin';
import consistencyTokenPlugin from './plugins/consistency-token.plugin';
import errorsPlugin, { ERROR_MESSAGES } from './plugins/errors.plugin';
import { createLogger } from './plugins/logging';
import loopbackHostPlugin from './plugins/loopback-host.plugin';
import securityHeadersPlugin from './plugins/security-headers.plugin';
import servicesPlugin, { type AppServices } from './plugins/services.plugin';
import { retentionPlugin } from './retention/retention.plugin';
import { BODY_RATE, FASTIFY_TIMEOUT_OPTIONS, SERVER_TIMEOUTS } from './server-timeouts';
import { type AbuseLimits, DEFAULT_ABUSE_LIMITS } from './shared/abuse-limits';
import { SANDBOX_PREFIX } from './shared/payments/payments';
import webAppsPlugin from './web/web-apps.plugin';

export interface BuildAppOptions {
  config: Config;
  services: AppServices;
  /** Serve the three built web apps at /, /admin and /influencer (the server does; tests rarely). */
  webApps?: boolean;
  /** Default: a new logger at config.logLevel on stdout (see plugins/logging.ts). */
  logger?: FastifyBaseLogger;
  /** Default: DEFAULT_ABUSE_LIMITS (tests placing many orders from one account raise them). */
  limits?: Partial<AbuseLimits>;
  /** Default: BODY_RATE (server-timeouts.ts); tests of the rule itself shorten it. */
  bodyRate?: BodyRate;
}

/** Routes under /api. Each slice adds one line here (STYLE.md: vertical slices). */
const apiRoutes: FastifyPluginAsyncZod = async (api) => {
  api.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: ERROR_MESSAGES.notFound }),
  );
  await api.register(healthRoutes);
  await api.register(mailPlugin);
  await api.register(accountRoutes);
  await api.register(siteConfigRoute);
  await api.register(openSupportQueryRoute);
  await api.register(atsRoutes);
  await api.register(paymentsRoutes);
  await api.register(customerOrderRoutes);
  await api.register(rewardRulesRoute);
  await api.register(influencerRoutes, { prefix: '/influencer' });
  await api.register(adminRoutes, { prefix: '/admin' });
};

/**
 * The Fastify app, in the fastify/demo order: ecosystem plugins, then app plugins (typed
 * decorators for the services), then routes. Returned before `ready()`, so a caller may still
 * register routes (tests register small ones to probe the auth contexts).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, services } = options;
  if (config.jwtSecret === null) {
    throw new Error('buildApp needs config.jwtSecret (startServer fills it in from DATA_DIR)');
  }
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    // Request ids double as the correlation id of the commands a request issues.
    genReqId: () => randomUUID(),
    // Behind a proxy every connection comes from the proxy: without this, request.ip (and so
    // every per-IP limit) would be the proxy's, one counter for all clients. Only the proxies
    // named here may say who the client is; unset, X-Forwarded-For is ignored.
    trustProxy: config.trustProxy,
    // No client holds a connection (or an upload's open file) for long: server-timeouts.ts.
    ...FASTIFY_TIMEOUT_OPTIONS,
    http: {
      headersTimeout: SERVER_TIMEOUTS.headersTimeoutMs,
      connectionsCheckingInterval: SERVER_TIMEOUTS.connectionsCheckingIntervalMs,
    },
    // Attachments are addressed by file name (up to 120 characters, percent-encoded in the
    // path: up to 12 bytes each); the default 100 answered 414 for any longer or non-Latin name.
    routerOptions: { maxParamLength: 2048 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all hooks: a body that trickles is cut whoever sent it and wherever it goes.
  await app.register(bodyRatePlugin, options.bodyRate ?? BODY_RATE);

  // Ecosystem: opt-in per route (login, register, forgot, payments set config.rateLimit).
  // With Redis (services mode) every API instance counts in one place; else in this process.
  const rateLimitStore = config.redisUrl === null ? null : new Redis(config.redisUrl);
  if (rateLimitStore !== null) {
    // ioredis reconnects by itself; without a listener each failed attempt of an outage would be
    // printed as an unhandled error event.
    rateLimitStore.on('error', (error: Error) =>
      app.log.warn({ err: error }, 'Rate-limit Redis unavailable; reconnecting'),
    );
    app.addHook('onClose', async () => {
      await rateLimitStore.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitStore === null
      ? {}
      : { redis: rateLimitStore, nameSpace: 'shortlist-rate-limit:' }),
  });

  // Security headers (CSP, nosniff, HSTS in production) on every answer, the sandbox's and
  // the web apps' included.
  await app.register(securityHeadersPlugin, {
    production: config.nodeEnv === 'production',
    realRazorpay: services.payments.sandbox === null,
  });

  // App plugins.
  app.decorate('limits', { ...DEFAULT_ABUSE_LIMITS, ...options.limits });
  await app.register(servicesPlugin, { config, services });
  // Commands answer with the position they wrote; requests sent back with it read their writes.
  await app.register(consistencyTokenPlugin);
  // On the root: startServer opens the first-admin link after the app is ready.
  app.decorate('firstAdminSetup', createFirstAdminSetup(services.db));
  await app.register(errorsPlugin);
  // The mail previews are for this machine only: no other name reaches the server then.
  if (config.mailPreviewLinks) await app.register(loopbackHostPlugin);
  await app.register(authPlugin, { secret: config.jwtSecret, expiresIn: config.jwtExpiresIn });
  // Documents a visitor sent are read and rendered in worker threads, never here.
  await app.register(documentWorkPlugin, { limits: config.documentWork });
  // GET /metrics for operators, and the request latency of everything registered after it.
  await app.register(metricsPlugin, { metrics: services.metrics, token: config.metricsToken });
  // Background jobs with no routes: every process that builds the app runs them.
  await app.register(retentionPlugin);

  // The OpenAPI document and its reference, before the routes: swagger collects them onRoute.
  await app.register(openapiPlugin);

  // Routes.
  await app.register(apiRoutes, { prefix: '/api' });
  // The short referral link lives at the root (`/r/{code}`), where links are short.
  await app.register(referralLinkRoute);
  const { sandbox } = services.payments;
  if (sandbox !== null) {
    await app.register(razorpaySandboxRoutes, { prefix: SANDBOX_PREFIX, sandbox });
  }
  if (options.webApps) {
    await app.register(webAppsPlugin, {
      webRoot: config.webRoot,
      site: { maintenance: config.maintenance, paymentsSimulated: sandbox !== null },
    });
  } else {
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ message: ERROR_MESSAGES.notFound }),
    );
  }
  return app;
}
