import type { RecordedEvent } from '@shortlist/eventstore';
import type { Transaction } from 'kysely';
import type { Database } from './database';

/**
 * A read model fed from the global event order.
 *
 * Rules (see README): every value is derived from the events (no now(), no random), and
 * `apply` is idempotent (upserts keyed by something in the event), so a replay or a re-delivered
 * batch leaves identical rows. `apply` runs inside the runner's transaction, together with the
 * checkpoint update: it must not commit, open connections or call out.
 */
export interface Projection {
  /** Unique and stable: the checkpoint row and the advisory-lock key derive from it. */
  name: string;
  /** Bump when `apply` changes meaning: the runner then rebuilds the tables from zero. */
  version?: number;
  /** Every table the projection writes; rebuild truncates them and verify compares them. */
  tables: readonly string[];
  /** Event types it reacts to; absent = all. The checkpoint advances past the others anyway. */
  handles?: readonly string[];
  apply(trx: Transaction<Database>, events: RecordedEvent[]): Promise<void>;
}

export function projectionVersion(projection: Projection): number {
  return projection.version ?? 1;
}

/** The events of a batch this projection reacts to, in order. */
export function handledEvents(projection: Projection, events: RecordedEvent[]): RecordedEvent[] {
  const { handles } = projection;
  if (handles === undefined) return events;
  return events.filter((event) => handles.includes(event.type));
}

export function findProjection(
  projections: readonly Projection[],
  name: string,
): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}

/** Fails fast on a registry mistake that would make two projections share a checkpoint. */
export function assertUniqueNames(projections: readonly Projection[]): void {
  const seen = new Set<string>();
  for (const { name } of projections) {
    if (seen.has(name)) throw new Error(`Two projections are named ${JSON.stringify(name)}`);
    seen.add(name);
  }
}
