import type { EventStore, Position } from '@shortlist/eventstore';
import type { Database, ProjectionName, Subscribers } from '@shortlist/projections';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { TokenRevocations } from '../auth/token-revocations';
import type { Config } from '../config/config';
import type { FileStorage } from '../files/file-storage.port';
import type { Metrics } from '../metrics/metrics';
import type { KeyVault } from '../personal-data/key-vault';
import type { JobQueue } from '../queue/job-queue.port';
import type { Payments } from '../shared/payments/payments';

/** Tells when the read models have caught up with a position (read-your-write). */
export interface ProjectionWaiter {
  waitFor(
    position: Position,
    options: { projections?: readonly string[]; timeoutMs: number },
  ): Promise<boolean>;
}

/** Everything the routes use, created by the entry point (or a test) and handed to buildApp. */
export interface AppServices {
  /** The event store, sealing personal fields with the vault's per-stream keys. */
  store: EventStore;
  /** Per-stream personal-data keys; erasing one crypto-shreds that stream. */
  vault: KeyVault;
  db: Kysely<Database>;
  queue: JobQueue;
  waiter: ProjectionWaiter;
  revocations: TokenRevocations;
  /** The in-process projectors (health reports their state); null when another process runs them. */
  projectors: Pick<Subscribers, 'status'> | null;
  /** The payment provider: Razorpay, or the local sandbox (embedded mode and tests). */
  payments: Payments;
  /** Uploaded and delivered documents: FILE_STORAGE's adapter (local disk, PostgreSQL, S3). */
  files: FileStorage;
  /** This process's Prometheus series, served at /metrics (metrics/metrics.plugin.ts). */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: EventStore;
    vault: KeyVault;
    db: Kysely<Database>;
    queue: JobQueue;
    waiter: ProjectionWaiter;
    revocations: TokenRevocations;
    projectors: Pick<Subscribers, 'status'> | null;
    payments: Payments;
    /** Uploaded and delivered documents, for every route and job that reads or writes one. */
    files: FileStorage;
    /**
     * After a command: wait (at most PROJECTION_WAIT_MS) until the named read models show
     * `position`, so the caller reads its own write. Name only the read models the answer (or
     * the caller's next read) uses: one that lags or fails elsewhere (the audit log, say) then
     * never slows this command. On timeout it logs a warning and returns: the write is safe in
     * the store, only the read may be a moment behind.
     */
    waitForProjections(
      position: Position | null,
      readModels: readonly ProjectionName[],
    ): Promise<void>;
  }
}

const servicesPlugin: FastifyPluginAsync<{ config: Config; services: AppServices }> = async (
  app,
  { config, services },
) => {
  app.decorate('config', config);
  app.decorate('store', services.store);
  app.decorate('vault', services.vault);
  app.decorate('db', services.db);
  app.decorate('queue', services.queue);
  app.decorate('waiter', services.waiter);
  app.decorate('revocations', services.revocations);
  app.decorate('projectors', services.projectors);
  app.decorate('payments', services.payments);
  app.decorate('files', services.files);
  app.decorate(
    'waitForProjections',
    async (position: Position | null, readModels: readonly ProjectionName[]) => {
      if (position === null || readModels.length === 0) return;
      const reached = await services.waiter.waitFor(position, {
        projections: readModels,
        timeoutMs: config.projectionWaitMs,
      });
      if (!reached) {
        app.log.warn(
          { position, readModels, timeoutMs: config.projectionWaitMs },
          'Read models did not reach the written position in time; answering anyway',
        );
      }
    },
  );
};

export default fp(servicesPlugin, { name: 'services', fastify: '5.x' });
