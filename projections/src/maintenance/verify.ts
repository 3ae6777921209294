import { randomBytes } from 'node:crypto';
import type { EventStore, Position } from '@shortlist/eventstore';
import { sql } from 'kysely';
import { createKysely, poolOf } from '../database';
import { type Logger, silentLogger } from '../logger';
import { migrateToLatest } from '../migrations/migrate';
import type { Projection } from '../projection';
import {
  catchUp,
  prepareCheckpoint,
  readCheckpoint,
  resetProjection,
} from '../projector/checkpoints';
import { isTransientError } from '../projector/transient-error';
import { allProjections } from '../registry';
import { compareTable, type TableDifference } from './compare-tables';
import { dropDeferrableIndexes } from './deferred-indexes';
import { replayInLanes } from './replay-lanes';
import { lowest, type ReplayTarget, replayPages } from './replay-pages';

export interface ProjectionVerification {
  name: string;
  /** The live checkpoint the replay was taken to and compared at. */
  position: Position | null;
  ok: boolean;
  /** Only tables with differences. */
  differences: TableDifference[];
  /**
   * Events the live projection holds in quarantine. The replay sets aside the events that fail
   * it in the same way, so they are absent on both sides and do not count as a difference; an
   * event that would apply now (its cause fixed, not yet retried) shows as one.
   */
  quarantined: number;
}

export interface VerifyReport {
  ok: boolean;
  projections: ProjectionVerification[];
}

export interface VerifyOptions {
  connectionString: string;
  store: EventStore;
  projections?: readonly Projection[];
  /** search_path of the live read models, when not the connection's default. */
  liveSearchPath?: string;
  /** Rows listed per table and direction (the counts are always complete). Default 20. */
  sampleSize?: number;
  batchSize?: number;
  /** Connections the replay and the comparisons spread over (default 7, one per read model). */
  lanes?: number;
  logger?: Logger;
}

const DEFAULT_LANES = 7;

/**
 * Proves the live read models equal a replay of the events: runs the migrations in a scratch
 * schema, replays every projection there in one pass, then each up to its live checkpoint, and
 * compares the tables row by row, while both sides stand still at the same checkpoint. The scratch schema is always
 * dropped.
 */
export async function verifyProjections(options: VerifyOptions): Promise<VerifyReport> {
  const projections = options.projections ?? allProjections();
  const logger = options.logger ?? silentLogger;
  const sampleSize = Math.max(1, options.sampleSize ?? 20);
  const batchSize = Math.max(1, options.batchSize ?? 20_000);
  const scratch = `projections_verify_${randomBytes(6).toString('hex')}`;
  // One replay lane and one comparison per projection at most, each on its own connection.
  const lanes = Math.max(1, Math.min(options.lanes ?? DEFAULT_LANES, projections.length));
  const live = createKysely({
    connectionString: options.connectionString,
    ...(options.liveSearchPath === undefined ? {} : { searchPath: options.liveSearchPath }),
    poolMax: lanes + 1,
  });
  const replay = createKysely({
    connectionString: options.connectionString,
    searchPath: scratch,
    poolMax: lanes + 1,
  });
  try {
    await sql`create schema ${sql.id(scratch)}`.execute(live);
    await migrateToLatest(replay, { schema: scratch });
    logger.info({ scratch }, 'scratch schema migrated');
    await replayAllTogether();
    logger.info({ scratch }, 'replayed in one pass');
    // Each projection on a connection of its own, at once: the comparisons of the big tables
    // are sorts PostgreSQL runs side by side.
    const results = await Promise.all(
      projections.map(async (projection) => {
        const result = await verifyOne(projection);
        logger.info({ projection: projection.name, ok: result.ok }, 'projection verified');
        return result;
      }),
    );
    return { ok: results.every((result) => result.ok), projections: results };
  } finally {
    await replay.destroy();
    await sql`drop schema if exists ${sql.id(scratch)} cascade`.execute(live);
    await live.destroy();
  }

  /**
   * The bulk of the replay, for every projection in ONE pass over the events, in parallel lanes
   * as a rebuild does (replay-lanes.ts), up to the lowest of their live checkpoints as they are
   * now; verifyOne then replays each one's few remaining events. The scratch tables lose the
   * indexes no projector reads through (deferred-indexes.ts) for good: they are only compared
   * (EXCEPT ALL, no index) and dropped.
   */
  async function replayAllTogether(): Promise<void> {
    // A projection whose live side has applied nothing has nothing to replay.
    const started: Projection[] = [];
    const positions: Position[] = [];
    for (const projection of projections) {
      const position = (await readCheckpoint(live, projection.name))?.position ?? null;
      if (position === null) continue;
      started.push(projection);
      positions.push(position);
    }
    const until = lowest(positions);
    if (until === null) return;
    const outcomes = await replayInLanes({
      pool: poolOf(replay),
      store: options.store,
      projections: started,
      lanes,
      batchSize,
      until,
      work: {
        async begin(trx, lane) {
          await dropDeferrableIndexes(
            trx,
            lane.flatMap((projection) => projection.tables),
          );
          const targets: ReplayTarget[] = [];
          for (const projection of lane) {
            targets.push({
              projection,
              position: await prepareCheckpoint(trx, projection, logger),
            });
          }
          return targets;
        },
      },
    });
    const failed = outcomes.filter((outcome) => outcome.targets === null);
    const transient = failed.find((outcome) => isTransientError(outcome.error));
    if (transient !== undefined) throw transient.error;
    if (failed.length === 0) return;
    // An event fails a projection: its lane rolled back; page by page, quarantining it as the
    // live side did.
    await replay.connection().execute(async (conn) => {
      const targets: ReplayTarget[] = [];
      for (const projection of failed.flatMap((outcome) => outcome.projections)) {
        targets.push({ projection, position: await prepareCheckpoint(conn, projection, logger) });
      }
      await replayPages(conn, options.store, targets, { batchSize, until, logger });
    });
  }

  async function verifyOne(projection: Projection): Promise<ProjectionVerification> {
    // The bulk of the replay runs unlocked, chasing the live checkpoint as it is now...
    const now = (await readCheckpoint(live, projection.name))?.position ?? null;
    await replayTo(projection, now);
    return live.transaction().execute(async (trx) => {
      // ...then the checkpoint row is held FOR SHARE, which pauses this projection's projector (it
      // locks the row FOR UPDATE first in every batch), and the last few events are replayed.
      const row = await trx
        .selectFrom('projection_checkpoints')
        .select('position')
        .where('name', '=', projection.name)
        .forShare()
        .executeTakeFirst();
      const position = row?.position ?? null;
      await replayTo(projection, position);
      const differences: TableDifference[] = [];
      for (const table of projection.tables) {
        const difference = await compareTable(trx, scratch, table, sampleSize);
        if (difference.missingCount + difference.unexpectedCount > 0) differences.push(difference);
      }
      const open = await trx
        .selectFrom('projection_quarantine')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('projection', '=', projection.name)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return {
        name: projection.name,
        position,
        ok: differences.length === 0,
        differences,
        quarantined: Number(open?.count ?? 0),
      };
    });
  }

  async function replayTo(projection: Projection, target: Position | null): Promise<void> {
    // A rebuild of the live side meanwhile moves its checkpoint back: start the replay over.
    const replayed = (await readCheckpoint(replay, projection.name))?.position ?? null;
    if (replayed !== null && (target === null || replayed > target)) {
      await replay.transaction().execute((trx) => resetProjection(trx, projection));
    }
    await catchUp(replay, options.store, projection, { until: target, batchSize });
  }
}

/** Human-readable lines for the CLI. */
export function formatVerifyReport(report: VerifyReport): string[] {
  const lines: string[] = [];
  for (const result of report.projections) {
    const quarantined = result.quarantined > 0 ? ` (${result.quarantined} quarantined)` : '';
    lines.push(
      `${result.ok ? 'ok  ' : 'DIFF'} ${result.name} at ${result.position ?? '(start)'}${quarantined}`,
    );
    for (const difference of result.differences) {
      lines.push(
        `     ${difference.table}: ${difference.missingCount} missing, ${difference.unexpectedCount} unexpected`,
      );
      for (const row of difference.missing)
        lines.push(`       - missing    ${JSON.stringify(row)}`);
      for (const row of difference.unexpected) {
        lines.push(`       + unexpected ${JSON.stringify(row)}`);
      }
    }
  }
  lines.push(report.ok ? 'read models match the events' : 'read models DIFFER from the events');
  return lines;
}
