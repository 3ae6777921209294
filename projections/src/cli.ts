/**
 * Read-model maintenance, against DATABASE_URL (read models and the PostgreSQL event store):
 *   tsx projections/src/cli.ts migrate          bring the read-model schema up to date
 *   tsx projections/src/cli.ts rebuild [name]   empty and replay one projection (or all)
 *   tsx projections/src/cli.ts verify           compare the read models with a fresh replay
 *   tsx projections/src/cli.ts run              run the projections until SIGINT/SIGTERM
 * Exit code 1 when verify finds a difference, 2 on a usage or runtime error.
 */
import {
  createPostgresEventStore,
  type EventStore,
  migratePostgresEventStore,
} from '@shortlist/eventstore';
import { createKysely } from './database';
import { consoleLogger, errorMessage } from './logger';
import { rebuildProjection } from './maintenance/rebuild';
import { formatVerifyReport, verifyProjections } from './maintenance/verify';
import { migrateToLatest } from './migrations/migrate';
import { findProjection, type Projection } from './projection';
import { allProjections } from './registry';
import { startProjectionRunner } from './runner/projection-runner';

const USAGE = 'usage: cli.ts migrate | rebuild [name] | verify | run';

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    console.error('DATABASE_URL is not set: it must name the PostgreSQL database to use');
    return 2;
  }
  switch (command) {
    case 'migrate':
      return withDb(connectionString, async (db) => {
        const results = await migrateToLatest(db);
        for (const result of results) console.info(`${result.status} ${result.migrationName}`);
        return 0;
      });
    case 'rebuild': {
      const projections = selectProjections(name);
      if (projections === null) {
        console.error(`unknown projection ${JSON.stringify(name)}; known: ${knownNames()}`);
        return 2;
      }
      return withStore(connectionString, (store) =>
        withDb(connectionString, async (db) => {
          await migrateToLatest(db);
          for (const projection of projections) {
            const result = await rebuildProjection({
              db,
              store,
              projection,
              logger: consoleLogger,
            });
            console.info(
              result.mode === 'inline'
                ? `rebuilt ${result.projection} up to ${result.position ?? '(no events)'}`
                : `reset ${result.projection}; the running runner is replaying it`,
            );
          }
          return 0;
        }),
      );
    }
    case 'verify':
      return withStore(connectionString, async (store) => {
        const report = await verifyProjections({ connectionString, store });
        for (const line of formatVerifyReport(report)) console.info(line);
        return report.ok ? 0 : 1;
      });
    case 'run':
      return withStore(connectionString, (store) =>
        withDb(connectionString, async (db) => {
          await migrateToLatest(db);
          const runner = startProjectionRunner({ store, db, projections: allProjections() });
          await new Promise<void>((resolve) => {
            process.once('SIGINT', resolve);
            process.once('SIGTERM', resolve);
          });
          await runner.stop();
          return 0;
        }),
      );
    default:
      console.error(USAGE);
      return 2;
  }
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
  const db = createKysely({ connectionString, poolMax: allProjections().length + 2 });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

async function withStore(
  connectionString: string,
  work: (store: EventStore) => Promise<number>,
): Promise<number> {
  // Idempotent; lets rebuild and run work on a database the API has not started on yet.
  await migratePostgresEventStore(connectionString);
  const store = createPostgresEventStore({ connectionString });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(errorMessage(error));
    process.exitCode = 2;
  },
);
