import {
  catalogueTypes,
  decodeEvent,
  type EventCatalogue,
  type StoredEventOf,
} from '@shortlist/domain';
import type { EventStore, Position, RecordedEvent } from '@shortlist/eventstore';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database';
import { REACTOR_LEASES } from '../engine/lease';
import { type Subscriber, type Subscribers, startSubscribers } from '../engine/subscriber';
import type { Logger } from '../logger';

/**
 * A reactor (ARCHITECTURE.md "Policies": the process managers, and the mail reactions): reacts
 * to events by issuing commands or queueing work. Delivery is AT
 * LEAST once: the commands and the checkpoint are separate writes (one checkpoint per delivered
 * batch), so a crash before the checkpoint delivers the batch's events again. `handle` must
 * therefore be idempotent in effect: every command it issues carries event ids derived from
 * what makes it unique (deterministicEventId), so a repeat appends nothing. A failing event stops the reactor there and is retried after a backoff;
 * later events wait, so a reactor always sees events in global order.
 */
export interface Reactor {
  /** Unique and stable: its lease and checkpoint row are keyed by it. */
  name: string;
  /** Event types `handle` sees; the checkpoint advances past the others anyway. */
  handles: readonly string[];
  /**
   * Throw to have the event retried (after a backoff, from the stored checkpoint). A rule that
   * refuses (a DomainError) will refuse again: catch it, log it, and return.
   */
  handle(event: RecordedEvent): Promise<void>;
}

/** A domain event as a reactor sees it: decoded, with the record it was read from. */
export type ReactedEvent<Catalogue> = StoredEventOf<Catalogue> & {
  readonly recorded: RecordedEvent;
};

/**
 * A reactor fed with decoded domain events of the catalogues it reads (see typedProjection).
 * A stored event whose payload does not decode can never be handled, and retrying would hold
 * every later event back: it is logged and passed over.
 */
export function typedReactor<const Catalogues extends readonly EventCatalogue[]>(definition: {
  name: string;
  reads: Catalogues;
  /**
   * The types `handle` can act on, when fewer than it reads (a workflow folds more events than
   * trigger it): the others are passed over without a call or a checkpoint write each.
   */
  triggers?: readonly string[];
  logger: Logger;
  handle(event: ReactedEvent<Catalogues[number]>): Promise<void>;
}): Reactor {
  const { name, reads, logger } = definition;
  return {
    name,
    handles: definition.triggers ?? catalogueTypes(reads),
    async handle(recorded) {
      const result = decodeEvent(reads, recorded);
      if (result.kind === 'unknown') return;
      if (result.kind === 'malformed') {
        logger.warn(
          { reactor: name, event: recorded.id, type: recorded.type, problems: result.problems },
          'malformed event passed over',
        );
        return;
      }
      await definition.handle({ ...result.event, recorded });
    },
  };
}

/** A reactor as a subscriber: handle each event, then move the checkpoint past it. */
export function reactorSubscriber(reactor: Reactor): Subscriber {
  const { name } = reactor;
  return {
    name,
    async open(conn) {
      let position = await readReactorCheckpoint(conn, name);
      // Where the stored checkpoint is, and when it was last written: events the reactor does
      // not handle move it lazily (see below).
      let stored = position;
      let storedAt = Date.now();
      const store = async (to: Position) => {
        await advanceReactorCheckpoint(conn, name, to);
        stored = to;
        storedAt = Date.now();
      };
      return {
        position,
        async handle(events, control) {
          // The checkpoint is written once per delivered batch, not after every handled event:
          // delivery is at least once anyway (handle is idempotent in effect), so a crash inside
          // a batch only delivers its handled events again, and a busy reactor spends one write
          // per batch instead of one per event. A failing event still stores the events
          // before it, so the retry starts at the one that failed.
          let handledSinceStored = false;
          try {
            for (const event of events) {
              if (control.stopping()) break;
              // The store delivers strictly after the checkpoint; this keeps a misbehaving
              // adapter from handing the reactor something it already handled.
              if (position !== null && event.position <= position) continue;
              if (reactor.handles.includes(event.type)) {
                await reactor.handle(event);
                handledSinceStored = true;
              }
              position = event.position;
            }
          } finally {
            // Events the reactor passes over need not be written one batch at a time: at most
            // once a second, and by the idle heartbeat. Losing that on a crash only means they
            // are delivered again and passed over again.
            const due = handledSinceStored || Date.now() - storedAt >= LAZY_MOVE_MS;
            if (position !== null && position !== stored && due) await store(position);
          }
          return position;
        },
        async heartbeat() {
          // A dead leased connection means the lease is gone too: end the session.
          if (position !== null && position !== stored) await store(position);
          else await sql`select 1`.execute(conn);
        },
      };
    },
  };
}

/** Longest a checkpoint trails events the reactor passed over while batches keep coming. */
const LAZY_MOVE_MS = 1_000;

/** The stored position (null = before the first event), creating the row when missing. */
export async function readReactorCheckpoint(
  db: Kysely<Database>,
  name: string,
): Promise<Position | null> {
  await db
    .insertInto('reactor_checkpoints')
    .values({ name, position: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('reactor_checkpoints')
    .select('position')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.position ?? null;
}

/** Moves the checkpoint forward (never back: a late writer cannot undo a newer one). */
async function advanceReactorCheckpoint(
  db: Kysely<Database>,
  name: string,
  position: Position,
): Promise<void> {
  await db
    .updateTable('reactor_checkpoints')
    .set({ position, updated_at: sql<string>`now()` })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('position', 'is', null), eb('position', '<', position)]))
    .execute();
}

export interface ReactorsOptions {
  store: EventStore;
  /** Holds one connection per ACTIVE reactor (its lease): size its pool reactors + 1. */
  db: Kysely<Database>;
  reactors: readonly Reactor[];
  logger: Logger;
  /** Events per delivery (default 100). */
  batchSize?: number;
  /** How often a stand-by process tries to take a reactor over (default 3000 ms). */
  standbyRetryMs?: number;
  /** How often an idle active reactor checks its leased connection is alive (default 5000 ms). */
  heartbeatMs?: number;
  /** Retry delay after a failed event: doubles from initialMs up to maxMs. */
  backoff?: { initialMs: number; maxMs: number };
}

/**
 * Runs each reactor as a subscriber: one process at a time per reactor, at-least-once delivery
 * in global order from its checkpoint, a failing event retried after a growing backoff while
 * later events wait (a referral is always seen before its first order). The caller owns `db`
 * and destroys it after `stop()`.
 */
export function startReactors(options: ReactorsOptions): Subscribers {
  return startSubscribers({
    store: options.store,
    db: options.db,
    subscribers: options.reactors.map(reactorSubscriber),
    leaseNamespace: REACTOR_LEASES,
    kind: 'reactor',
    logger: options.logger,
    batchSize: options.batchSize ?? 100,
    standbyRetryMs: options.standbyRetryMs ?? 3000,
    heartbeatMs: options.heartbeatMs ?? 5000,
    backoff: options.backoff ?? { initialMs: 250, maxMs: 15_000 },
    failureMessage: 'reactor failed on an event; retrying from its checkpoint',
  });
}
