import type { EventStore, Position, RecordedEvent } from '@shortlist/eventstore';
import { Kysely, PostgresDialect, type PostgresPoolClient, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Database } from '../database';
import {
  deferLedgerRefreshes,
  finishDeferredLedgers,
} from '../influencer-ledger/influencer-ledger.summary';
import { handledEvents, type Projection } from '../projection';
import { sinkEvent } from '../sink';
import { copyRows } from './copy-rows';
import { NoLanesLeftError, PageFeed } from './page-feed';
import { lowest, moveCheckpoints, type ReplayTarget, readPages } from './replay-pages';

/** Pages a lane may fall behind the reader before the reader waits for it. */
const PAGES_AHEAD = 2;

/** What a lane does inside its transaction around the replay. */
export interface LaneWork {
  /**
   * Before the first page: makes the lane's projections ready to replay (reset them, drop
   * indexes…) and answers where each stands. A target at null starts from an empty table.
   */
  begin(trx: Transaction<Database>, projections: readonly Projection[]): Promise<ReplayTarget[]>;
  /** After the last page and the checkpoints' move, before the commit. */
  finish?(trx: Transaction<Database>, projections: readonly Projection[]): Promise<void>;
}

export interface LaneOutcome {
  projections: Projection[];
  /** Where each projection was committed; null when the lane failed and rolled back. */
  targets: ReplayTarget[] | null;
  /** Why the lane failed (it rolled back, nothing of it committed); undefined on success. */
  error?: unknown;
}

export interface ReplayLanesOptions {
  pool: pg.Pool;
  store: EventStore;
  projections: readonly Projection[];
  /** Connections (and transactions) to spread the projections over, at most one per projection. */
  lanes: number;
  batchSize: number;
  until?: Position | undefined;
  applyMs?: Map<string, number> | undefined;
  work: LaneWork;
}

/**
 * Replays projections in parallel lanes: each lane is a connection of its own holding some of
 * the projections in ONE transaction (begin, every page, the checkpoints, finish, commit),
 * while ONE reader reads every page once (sealed fields opened once, by the store), passes each
 * event through the sink once, and hands the page to every lane. So PostgreSQL loads the tables
 * of several read models at once, on as many backends, while this process folds the next page;
 * a read model whose rows are appended only (audit_log) is loaded with COPY.
 *
 * Each lane commits on its own, when it has applied the last page: a reader of one read model
 * sees its old rows (or waits, behind the lane's truncate) until that lane commits, then the new
 * ones, complete; read models in different lanes switch at different moments, as they advance
 * separately under the live projectors. A lane that fails rolls back alone and is answered with its
 * error; the others go on. A failed read fails every lane still running.
 */
export async function replayInLanes(options: ReplayLanesOptions): Promise<LaneOutcome[]> {
  const { pool, store, work, batchSize, until, applyMs } = options;
  const groups = spreadOverLanes(options.projections, options.lanes);
  const feed = new PageFeed(groups.length, PAGES_AHEAD);
  const starts = groups.map(() => deferred<ReplayTarget[] | null>());
  const lanes = groups.map((projections, lane) =>
    runLane({ pool, feed, lane, projections, work, applyMs, started: starts[lane] }),
  );
  const begun = await Promise.all(starts.map((start) => start?.promise ?? null));
  const targets = begun.flatMap((lane) => lane ?? []);
  if (targets.length > 0) {
    try {
      await readPages(
        store,
        lowest(targets.map((target) => target.position)),
        { batchSize, until },
        (page) =>
          // Once per event for every lane: the sink is a pure function of the event.
          feed.push(page.map(sinkEvent)),
      );
      feed.end();
    } catch (error) {
      feed.end(error instanceof NoLanesLeftError ? undefined : error);
    }
  } else {
    feed.end();
  }
  return Promise.all(lanes);
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function runLane(context: {
  pool: pg.Pool;
  feed: PageFeed;
  lane: number;
  projections: Projection[];
  work: LaneWork;
  applyMs: Map<string, number> | undefined;
  started: Deferred<ReplayTarget[] | null> | undefined;
}): Promise<LaneOutcome> {
  const { pool, feed, lane, projections, work, applyMs, started } = context;
  let client: pg.PoolClient | undefined;
  let failed = false;
  try {
    client = await pool.connect();
    const connection = client;
    const db = clientKysely(connection);
    const targets = await db.transaction().execute(async (trx) => {
      // A commit lost to a crash loses its checkpoints with its rows, and the next run replays
      // them: the replay need not wait for the WAL flush.
      await sql`set local synchronous_commit = off`.execute(trx);
      const targets = await work.begin(trx, projections);
      started?.resolve(targets);
      // Loaded by COPY: the projections that append only and start from an empty table.
      const copied = new Set(
        targets.filter((t) => t.position === null && t.projection.appendRows !== undefined),
      );
      deferLedgerRefreshes(trx);
      let last: Position | null = null;
      for (;;) {
        const page = await feed.next(lane);
        if (page === null) break;
        await applyPage(trx, connection, targets, page, copied, applyMs);
        last = page.at(-1)?.position ?? last;
      }
      const begun = performance.now();
      await finishDeferredLedgers(trx);
      const ledger = projections.find((p) => p.name === 'influencer-ledger');
      if (ledger !== undefined) addTime(applyMs, ledger.name, performance.now() - begun);
      if (last !== null) await moveCheckpoints(trx, targets, last);
      await work.finish?.(trx, projections);
      return targets;
    });
    return { projections, targets };
  } catch (error) {
    failed = true;
    return { projections, targets: null, error };
  } finally {
    started?.resolve(null);
    feed.close(lane);
    // A connection that failed may be broken: the pool drops it rather than lend it again.
    client?.release(failed ? true : undefined);
  }
}

/** One page applied to the lane's targets, each from where it stands. */
async function applyPage(
  trx: Transaction<Database>,
  client: pg.PoolClient,
  targets: readonly ReplayTarget[],
  page: RecordedEvent[],
  copied: ReadonlySet<ReplayTarget>,
  applyMs: Map<string, number> | undefined,
): Promise<void> {
  const last = page.at(-1);
  if (last === undefined) return;
  for (const target of targets) {
    const { position, projection } = target;
    if (position !== null && position >= last.position) continue;
    const events = position === null ? page : page.filter((event) => event.position > position);
    const started = performance.now();
    const handled = handledEvents(projection, events);
    const { appendRows } = projection;
    if (handled.length > 0) {
      if (appendRows !== undefined && copied.has(target)) {
        await copyRows(client, appendRows.table, appendRows.columns, handled.map(appendRows.row));
      } else {
        await projection.apply(trx, handled);
      }
    }
    addTime(applyMs, projection.name, performance.now() - started);
    target.position = last.position;
  }
}

function addTime(applyMs: Map<string, number> | undefined, name: string, ms: number): void {
  applyMs?.set(name, (applyMs.get(name) ?? 0) + ms);
}

/**
 * The projections dealt round the lanes in the order given (the registry puts the heavy ones
 * first, so they land in lanes of their own when there are enough).
 */
export function spreadOverLanes(projections: readonly Projection[], lanes: number): Projection[][] {
  const count = Math.max(1, Math.min(lanes, projections.length));
  const groups: Projection[][] = Array.from({ length: count }, () => []);
  projections.forEach((projection, i) => {
    groups[i % count]?.push(projection);
  });
  return groups.filter((group) => group.length > 0);
}

/**
 * A Kysely over one checked-out client, so the lane's transaction and its COPY share a session.
 * Its destroy() is a no-op for the client: the lane releases it.
 */
function clientKysely(client: pg.PoolClient): Kysely<Database> {
  const shared = {
    query: client.query.bind(client),
    release: () => undefined,
  } as unknown as PostgresPoolClient;
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: { connect: async () => shared, end: async () => undefined },
    }),
  });
}
