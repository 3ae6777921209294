import type { EventStore } from '@shortlist/eventstore';
import {
  allProjections,
  consoleLogger,
  createKysely,
  findProjection,
  formatVerifyReport,
  type Logger,
  migrateToLatest,
  type Projection,
  rebuildProjections,
  startProjectors,
  verifyProjections,
} from '@shortlist/projections';
import type { AdminCliEnv, AdminCliOutput } from '../admin-cli';
import { withStore } from '../audit/audit-command';

const PROJECTIONS_USAGE = 'usage: projections migrate | rebuild [name] | verify | run';

/**
 * Read-model maintenance, for `npm run projections` (projections.cli.ts):
 *   migrate          bring the read-model schema up to date
 *   rebuild [name]   empty and replay one projection (or all of them, in one pass)
 *   verify           compare the read models with a fresh replay
 *   run              run the projections until SIGINT/SIGTERM (options.stopped)
 * Events are read through the decrypting store the app uses (audit-command's withStore), so a
 * replay projects personal fields in clear, or null once crypto-shredded, exactly as the live
 * projectors did. Exit code: 0 ok, 1 verify found a difference, 2 a usage or configuration error.
 */
export async function runProjectionsCommand(
  args: readonly string[],
  env: AdminCliEnv,
  output: AdminCliOutput,
  options: {
    /** Where rebuild and run log their progress (default the console). */
    logger?: Logger;
    /** When `run` stops (default SIGINT or SIGTERM). */
    stopped?: () => Promise<void>;
  } = {},
): Promise<number> {
  const logger = options.logger ?? consoleLogger;
  const [command, name, ...rest] = args;
  const connectionString = env.DATABASE_URL;
  if (!connectionString) {
    output.err('DATABASE_URL is not set: it must name the PostgreSQL database to use');
    return 2;
  }
  const store = (work: (store: EventStore) => Promise<number>) =>
    withStore(connectionString, env.EVENTSTORE_URL, work);
  const noMore = rest.length === 0;
  if (command === 'migrate' && name === undefined) {
    return withDb(connectionString, async (db) => {
      const results = await migrateToLatest(db);
      for (const result of results) output.out(`${result.status} ${result.migrationName}`);
      return 0;
    });
  }
  if (command === 'rebuild' && noMore) {
    const projections = selectProjections(name);
    if (projections === null) {
      output.err(`unknown projection ${JSON.stringify(name)}; known: ${knownNames()}`);
      return 2;
    }
    return store((events) =>
      withDb(connectionString, async (db) => {
        await migrateToLatest(db);
        const results = await rebuildProjections({
          db,
          store: events,
          projections,
          logger,
        });
        for (const result of results) {
          output.out(
            result.mode === 'inline'
              ? `rebuilt ${result.projection} up to ${result.position ?? '(no events)'}`
              : `reset ${result.projection}; the running projector is replaying it`,
          );
        }
        return 0;
      }),
    );
  }
  if (command === 'verify' && name === undefined) {
    return store(async (events) => {
      const report = await verifyProjections({ connectionString, store: events });
      for (const line of formatVerifyReport(report)) output.out(line);
      return report.ok ? 0 : 1;
    });
  }
  if (command === 'run' && name === undefined) {
    return store((events) =>
      withDb(connectionString, async (db) => {
        await migrateToLatest(db);
        const projectors = startProjectors({
          store: events,
          db,
          projections: allProjections(),
          logger,
        });
        await (options.stopped ?? waitForSignal)();
        await projectors.stop();
        return 0;
      }),
    );
  }
  output.err(PROJECTIONS_USAGE);
  return 2;
}

function selectProjections(name: string | undefined): Projection[] | null {
  if (name === undefined) return allProjections();
  const projection = findProjection(allProjections(), name);
  return projection === undefined ? null : [projection];
}

function knownNames(): string {
  return allProjections()
    .map((projection) => projection.name)
    .join(', ');
}

async function withDb(
  connectionString: string,
  work: (db: ReturnType<typeof createKysely>) => Promise<number>,
): Promise<number> {
  // The projectors hold one connection per active projection (its lease), plus their queries.
  const db = createKysely({ connectionString, poolMax: allProjections().length + 2 });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

function waitForSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
}
