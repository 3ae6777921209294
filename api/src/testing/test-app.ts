import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@shortlist/eventstore/testing';
import { PROJECTION_NAMES, type ProjectionName } from '@shortlist/projections';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { type Config, type Env, loadConfig } from '../config/config';
import type { BodyRate } from '../plugins/body-rate.plugin';
import { CONSISTENCY_TOKEN_HEADER } from '../plugins/consistency-token.plugin';
import { createLogger } from '../plugins/logging';
import type { AppServices } from '../plugins/services.plugin';
import { createServices } from '../services/create-services';
import type { AbuseLimits } from '../shared/abuse-limits';

/** Collects log lines so a test can assert on what was (and was not) logged. */
export interface LogCollector {
  lines: string[];
  write(line: string): void;
  /** Parsed JSON entries. */
  entries(): Record<string, unknown>[];
}

export function createLogCollector(): LogCollector {
  const lines: string[] = [];
  return {
    lines,
    write: (line) => {
      lines.push(line);
    },
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  config: Config;
  databaseUrl: string;
  logs: LogCollector;
  /** A signed token, as a login would issue it. */
  tokenFor(account: { id: string; role: 'user' | 'admin' | 'influencer' }): Promise<string>;
  /**
   * Resolves once the read models show everything stored so far: for a test that reads the
   * tables directly after a command that answered without waiting (consistency token).
   */
  caughtUp(readModels?: readonly ProjectionName[]): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Env;
  /** Run the projectors and reactors in-process (default: unless BACKGROUND_WORK=worker). */
  runProjections?: boolean;
  /** Serve the web apps from config.webRoot (set WEB_ROOT in env). Default false. */
  webApps?: boolean;
  /** Register extra routes before the app is made ready (probing contexts, error paths). */
  register?: (app: FastifyInstance) => Promise<void> | void;
  /** The abuse limits (default: production's, DEFAULT_ABUSE_LIMITS). */
  limits?: Partial<AbuseLimits>;
  /** The body's minimum rate (default: production's, BODY_RATE). */
  bodyRate?: BodyRate;
  /**
   * `app.inject` sends back the furthest consistency token it has seen, as the web apps' client
   * does (default true): a test that reads right after a command reads its write.
   */
  consistencyTokens?: boolean;
  /** An existing database to run on (a second API instance); default: a fresh one, dropped on close. */
  databaseUrl?: string;
  /** How often an idle reactor beats and stores its checkpoint (default: production's, 5 s). */
  reactorHeartbeatMs?: number;
}

/**
 * The real app on its own fresh PostgreSQL database (STACK.md: tests create their own), with
 * the real services; only the log destination is swapped for a collector.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database =
    options.databaseUrl === undefined
      ? await createTestDatabase('api')
      : { url: options.databaseUrl, drop: async () => undefined };
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'info',
    // Tests pay through the sandbox, in production mode too (where it must be asked for).
    RAZORPAY_SANDBOX: 'true',
    ...options.env,
  });
  const logs = createLogCollector();
  const logger = createLogger(config.logLevel, logs);
  let running: Awaited<ReturnType<typeof createServices>> | null = null;
  let app: FastifyInstance | null = null;
  const close = async () => {
    await app?.close();
    await running?.close();
    await database.drop();
  };
  try {
    running = await createServices({
      config,
      databaseUrl: database.url,
      logger,
      ...(options.runProjections === undefined ? {} : { runProjections: options.runProjections }),
      ...(options.reactorHeartbeatMs === undefined
        ? {}
        : { reactorHeartbeatMs: options.reactorHeartbeatMs }),
    });
    app = await buildApp({
      config,
      services: running.services,
      logger,
      webApps: options.webApps ?? false,
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.bodyRate === undefined ? {} : { bodyRate: options.bodyRate }),
    });
    await options.register?.(app);
    await app.ready();
    if (options.consistencyTokens ?? true) sendBackConsistencyTokens(app);
    const ready = app;
    return {
      app: ready,
      services: running.services,
      config,
      databaseUrl: database.url,
      logs,
      tokenFor: async (account) => (await ready.signToken(account)).token,
      caughtUp: async (readModels = PROJECTION_NAMES) => {
        // The committed head: the readable one can lag a just-committed append.
        await ready.waitForProjections(await ready.store.committedHeadPosition(), readModels);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Makes `app.inject` behave as the web apps' API client does: every answer's consistency token
 * is remembered (the furthest one) and sent with every later request that names none.
 * Only the promise form `inject(options)` is wrapped; the chained and callback forms go as given.
 */
function sendBackConsistencyTokens(app: FastifyInstance): void {
  let furthest: string | null = null;
  const inject = app.inject.bind(app);
  const remember = (response: LightMyRequestResponse) => {
    const token = response.headers[CONSISTENCY_TOKEN_HEADER];
    if (typeof token === 'string' && (furthest === null || token > furthest)) furthest = token;
    return response;
  };
  const wrapped = (options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback !== undefined) {
      return (inject as (...args: unknown[]) => unknown)(options, callback);
    }
    const given: InjectOptions = typeof options === 'string' ? { url: options } : options;
    const headers: Record<string, unknown> = { ...given.headers };
    if (furthest !== null && headers[CONSISTENCY_TOKEN_HEADER] === undefined) {
      headers[CONSISTENCY_TOKEN_HEADER] = furthest;
    }
    return inject({ ...given, headers: headers as InjectOptions['headers'] }).then(remember);
  };
  app.inject = wrapped as FastifyInstance['inject'];
}
