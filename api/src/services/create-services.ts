import {
  createKurrentDbEventStore,
  createPostgresEventStore,
  type EventStore,
  migratePostgresEventStore,
} from '@shortlist/eventstore';
import {
  allProjections,
  createCheckpointWaiter,
  createKysely,
  type Database,
  migrateToLatest,
  type Subscribers,
  startProjectors,
  startReactors,
} from '@shortlist/projections';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createPostgresTokenRevocations } from '../auth/token-revocations';
import type { Config } from '../config/config';
import { openFileStorage } from '../files/open-file-storage';
import { createMetrics } from '../metrics/metrics';
import { countingPaymentOutcomes } from '../metrics/payment-outcomes';
import { migrateApiTables } from '../migrations/migrate-api';
import { encryptingEventStore } from '../personal-data/encrypting-event-store';
import { createPostgresKeyVault, PERSONAL_DATA_KEY_ROWS } from '../personal-data/key-vault';
import type { AppServices } from '../plugins/services.plugin';
import { createBullMqQueue } from '../queue/bullmq.queue';
import { createInProcessQueue } from '../queue/in-process.queue';
import type { JobQueue, JobQueueOptions } from '../queue/job-queue.port';
import { allReactors } from '../reactors/reactors';
import { createPayments } from '../shared/payments/payments';

export interface CreateServicesOptions {
  config: Config;
  /** The read-model database (and the event store's, unless config.eventStoreUrl). */
  databaseUrl: string;
  logger: FastifyBaseLogger;
  /**
   * Run the projectors and reactors in this process. Default: where config.backgroundWork says
   * (`here`: yes; `worker`: only the worker process runs them, and this one's queue only
   * enqueues).
   */
  runProjections?: boolean;
  /**
   * How often an idle reactor beats (startReactors' default, 5 s, when unset). The beat also
   * stores the checkpoint past events the reactor passed over, so a test that waits for that
   * stored checkpoint shortens it instead of waiting up to a whole beat each time.
   */
  reactorHeartbeatMs?: number;
}

export interface RunningServices {
  services: AppServices;
  /** Releases everything, in the reverse order of creation. */
  close(): Promise<void>;
}

/**
 * Migrates, then creates the services the app uses. Every resource opened here is closed by
 * `close()`, also when a later step of the start fails.
 */
export async function createServices(options: CreateServicesOptions): Promise<RunningServices> {
  const { config, databaseUrl, logger } = options;
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) {
      await closer().catch((error: unknown) => logger.error({ err: error }, 'Close failed'));
    }
  };
  try {
    const rawStore = await openEventStore(config, databaseUrl);
    closers.push(() => rawStore.close());

    const db = createKysely({ connectionString: databaseUrl, poolMax: 10 });
    closers.push(() => db.destroy());
    await migrateToLatest(db);
    await migrateApiTables(db);

    // Personal-data keys live beside the read models, never in the event store (crypto-shredding).
    const vaultPool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    vaultPool.on('error', () => undefined);
    closers.push(() => vaultPool.end());
    const vault = createPostgresKeyVault(vaultPool);
    const metrics = createMetrics();
    // Everything above the store (commands, projections, audit) sees plain events; the payment
    // outcomes are counted where every one of them is stored.
    const store = countingPaymentOutcomes(encryptingEventStore(rawStore, vault), metrics);

    // Before the reactors: the mail reactor queues its mails.
    const queue = openQueue(config, { logger });
    closers.push(() => queue.close());

    const background = options.runProjections ?? config.backgroundWork === 'here';

    let projectors: Subscribers | null = null;
    if (background) {
      const projections = allProjections();
      // An active projector holds one connection (its lease): their own pool.
      const projectorDb = createKysely({
        connectionString: databaseUrl,
        poolMax: projections.length + 2,
      });
      closers.push(() => projectorDb.destroy());
      const started = startProjectors({ store, db: projectorDb, projections, logger });
      projectors = started;
      closers.push(() => started.stop());
      // The reactors (process managers, mail) run where the projectors do: same switch, after
      // the read-model migrations, which create their checkpoint table.
      const reactors = allReactors({
        store,
        logger,
        mail: {
          queue,
          publicOrigin: config.publicOrigin,
          unpaidReminderSeconds: config.unpaidReminderSeconds,
          adminEmails: () => adminEmails(db, config),
        },
      });
      // An active reactor holds one connection (its lease): their own pool.
      const reactorDb = createKysely({
        connectionString: databaseUrl,
        poolMax: reactors.length + 1,
      });
      closers.push(() => reactorDb.destroy());
      const reacting = startReactors({
        store,
        db: reactorDb,
        reactors,
        logger,
        ...(options.reactorHeartbeatMs === undefined
          ? {}
          : { heartbeatMs: options.reactorHeartbeatMs }),
      });
      closers.push(() => reacting.stop());
    }

    // Session checks answered from memory, kept fresh by NOTIFY (token-revocations.ts).
    const revocations = createPostgresTokenRevocations(db, {
      listen: { connectionString: databaseUrl },
    });
    closers.push(() => revocations.close());

    const waiter = createCheckpointWaiter({ connectionString: databaseUrl });
    closers.push(() => waiter.close());

    const payments = await createPayments({ config, databaseUrl, logger });
    closers.push(() => payments.close());

    const files = await openFileStorage(config.fileStorage, config, databaseUrl);
    closers.push(() => files.close());
    if (config.fileStorage === 'local' && config.databaseUrl !== null) {
      logger.warn(
        { files: files.description },
        'FILE_STORAGE=local in services mode: files stay on this host, and other API ' +
          'instances answer 404 for them (README "Files")',
      );
    }

    return {
      services: {
        store,
        vault,
        db,
        queue,
        waiter,
        revocations,
        projectors,
        payments,
        files,
        metrics,
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function openEventStore(config: Config, databaseUrl: string): Promise<EventStore> {
  if (config.eventStoreUrl !== null) {
    return createKurrentDbEventStore({ connectionString: config.eventStoreUrl });
  }
  await migratePostgresEventStore(databaseUrl);
  // Same database as the vault: a new stream's key goes in with its first append.
  return createPostgresEventStore(
    { connectionString: databaseUrl },
    { sideRows: PERSONAL_DATA_KEY_ROWS },
  );
}

/** Where staff mail goes: every admin account, and ADMIN_EMAIL (created as one at start). */
async function adminEmails(db: Kysely<Database>, config: Config): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'admin')
    .where('erased_at', 'is', null)
    .execute();
  const emails = rows.flatMap((row) => (row.email === null ? [] : [row.email]));
  return config.admin === null ? emails : [config.admin.email, ...emails];
}

/**
 * BullMQ when REDIS_URL is set (services mode), else the in-process queue (embedded mode). Under
 * BACKGROUND_WORK=worker this process only enqueues: the worker runs the jobs.
 */
function openQueue(config: Config, options: JobQueueOptions): JobQueue {
  return config.redisUrl === null
    ? createInProcessQueue(options)
    : createBullMqQueue({
        ...options,
        redisUrl: config.redisUrl,
        lockMs: config.queueLockMs,
        processJobs: config.backgroundWork === 'here',
      });
}
