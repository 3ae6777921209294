import type { EventStore, Position, RecordedEvent } from '@shortlist/eventstore';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../database';
import type { Logger } from '../logger';
import { handledEvents, type Projection } from '../projection';
import {
  applyBatch,
  applyIsolated,
  CHECKPOINT_CHANNEL,
  CheckpointMovedError,
} from '../projector/checkpoints';
import { isTransientError } from '../projector/transient-error';
import { sinkEvent } from '../sink';

/** A projection being replayed and the checkpoint it has reached (null: before the first event). */
export interface ReplayTarget {
  projection: Projection;
  position: Position | null;
}

export interface ReplayOptions {
  /** Events read per page, and applied per transaction. */
  batchSize: number;
  /** Stop after this position (inclusive); undefined replays to the head. */
  until?: Position | undefined;
  logger: Logger;
  /** Milliseconds spent in each projection's apply, added to as pages are applied. */
  applyMs?: Map<string, number> | undefined;
}

/**
 * The page-by-page replay, which rebuild and verify fall back to when their one-transaction
 * replay fails (an event a projection refuses): every page of events is read once (the next
 * read under way while this one is applied) and applied to ALL the targets in ONE transaction
 * per page, whose last statement moves all their checkpoints together. The live projector
 * commits each projection's batch separately because each runs on its own; a replay that owns
 * every target (their leases, or a scratch schema) would otherwise pay seven transactions, seven
 * row locks and seven checkpoint updates per page, most of them for projections with nothing
 * to do in it. A page one projection fails on is rolled back and applied again one projection
 * at a time as the projector applies it (applyBatch, then event by event, quarantining what still
 * fails), so a bad event is set aside in the projection it fails, as a live run would.
 * The caller holds the targets (leases or a scratch schema) and `conn` is one connection.
 */
export async function replayPages(
  conn: Kysely<Database>,
  store: EventStore,
  targets: readonly ReplayTarget[],
  options: ReplayOptions,
): Promise<void> {
  const from = lowest(targets.map((target) => target.position));
  await readPages(store, from, options, (page) => applyPage(conn, targets, page, options));
}

/**
 * Reads the events after `after` (up to options.until) page by page, each page handed to
 * `onPage` while the next one is already being read.
 */
export async function readPages(
  store: EventStore,
  after: Position | null,
  options: Pick<ReplayOptions, 'batchSize' | 'until'>,
  onPage: (page: RecordedEvent[]) => Promise<void>,
): Promise<void> {
  const { batchSize, until } = options;
  if (until !== undefined && after !== null && after >= until) return;
  const read = (from: Position | null) => {
    const events = store.readAll({ after: from, limit: batchSize });
    // Awaited below; until then a failed read must not count as an unhandled rejection.
    events.catch(() => undefined);
    return events;
  };
  let next: Promise<RecordedEvent[]> | null = read(after);
  while (next !== null) {
    const events: RecordedEvent[] = await next;
    const page = until === undefined ? events : events.filter((event) => event.position <= until);
    const last = page.at(-1);
    const more = last !== undefined && events.length >= batchSize && page.length === events.length;
    next = more ? read(last.position) : null;
    if (last !== undefined) await onPage(page);
  }
}

/**
 * Applies one page to every target inside the caller's transaction and advances the targets'
 * positions in memory; the caller moves the stored checkpoints. What applyToProjection does for
 * each projection (the sink, then the events it handles), except that every event goes through
 * the sink once for the page rather than once per projection reading it: the sink is a pure
 * function of the event, and it was a tenth of a rebuild's CPU time, paid up to three times.
 */
async function applyPageInTransaction(
  trx: Transaction<Database>,
  targets: readonly ReplayTarget[],
  page: RecordedEvent[],
  applyMs?: Map<string, number>,
): Promise<void> {
  const last = page.at(-1);
  if (last === undefined) return;
  const sunk = new Map<RecordedEvent, RecordedEvent>();
  const sinkOnce = (event: RecordedEvent) => {
    let safe = sunk.get(event);
    if (safe === undefined) {
      safe = sinkEvent(event);
      sunk.set(event, safe);
    }
    return safe;
  };
  for (const target of targets) {
    const { position, projection } = target;
    if (position !== null && position >= last.position) continue;
    // The page starts after the lowest position; a target further on skips what it holds, as
    // applyBatch does.
    const events = position === null ? page : page.filter((event) => event.position > position);
    const started = performance.now();
    const handled = handledEvents(projection, events);
    if (handled.length > 0) await projection.apply(trx, handled.map(sinkOnce));
    applyMs?.set(
      projection.name,
      (applyMs.get(projection.name) ?? 0) + performance.now() - started,
    );
    target.position = last.position;
  }
}

async function applyPage(
  conn: Kysely<Database>,
  targets: readonly ReplayTarget[],
  page: RecordedEvent[],
  options: ReplayOptions,
): Promise<void> {
  const last = page.at(-1);
  if (last === undefined) return;
  const behind = targets.filter(
    (target) => target.position === null || target.position < last.position,
  );
  if (behind.length === 0) return;
  const before = behind.map((target) => target.position);
  try {
    await conn.transaction().execute(async (trx) => {
      await lockCheckpoints(trx, behind);
      await applyPageInTransaction(trx, behind, page, options.applyMs);
      await moveCheckpoints(trx, behind, last.position);
    });
  } catch (error) {
    // Rolled back: the stored checkpoints are where they were.
    behind.forEach((target, i) => {
      target.position = before[i] ?? null;
    });
    if (error instanceof CheckpointMovedError || isTransientError(error)) throw error;
    for (const target of behind) {
      target.position = await applyAlone(conn, target, page, options.logger);
    }
  }
}

/** One page for one projection, as the projector applies a batch after its retries. */
async function applyAlone(
  conn: Kysely<Database>,
  target: ReplayTarget,
  page: RecordedEvent[],
  logger: Logger,
): Promise<Position | null> {
  try {
    return await applyBatch(conn, target.projection, target.position, page);
  } catch (error) {
    if (error instanceof CheckpointMovedError || isTransientError(error)) throw error;
    return applyIsolated(conn, target.projection, target.position, page, {
      priorAttempts: 1,
      logger,
    });
  }
}

/**
 * Locks the targets' checkpoint rows (in name order, the same order for every caller) and checks
 * each is where this replay left it: a rebuild started meanwhile resets it, and then this
 * replay must stop rather than write over the new one.
 */
async function lockCheckpoints(
  trx: Transaction<Database>,
  targets: readonly ReplayTarget[],
): Promise<void> {
  const names = targets.map((target) => target.projection.name);
  const rows = await sql<{ name: string; position: Position | null }>`
    select name, position from projection_checkpoints
    where name = any(${names}::text[]) order by name for update`.execute(trx);
  const stored = new Map(rows.rows.map((row) => [row.name, row.position]));
  for (const target of targets) {
    const position = stored.get(target.projection.name);
    if (position !== target.position) {
      throw new CheckpointMovedError(target.projection.name, target.position, position);
    }
  }
}

/** Moves every target's checkpoint to `to` in one statement, notifying waiters on commit. */
export async function moveCheckpoints(
  trx: Transaction<Database>,
  targets: readonly ReplayTarget[],
  to: Position,
): Promise<void> {
  const names = targets.map((target) => target.projection.name);
  const payloads = names.map((name) => JSON.stringify({ name, position: to }));
  await sql`
    with moved as (
      update projection_checkpoints set position = ${to}, updated_at = now()
      where name = any(${names}::text[])
      returning name
    )
    select pg_notify(${CHECKPOINT_CHANNEL}, p.payload)
    from moved join unnest(${names}::text[], ${payloads}::text[]) as p(name, payload)
      on p.name = moved.name`.execute(trx);
}

export function lowest(positions: readonly (Position | null)[]): Position | null {
  let result: Position | null | undefined;
  for (const position of positions) {
    if (position === null) return null;
    if (result === undefined || result === null || position < result) result = position;
  }
  return result ?? null;
}
