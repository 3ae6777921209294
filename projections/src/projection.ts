import {
  catalogueTypes,
  decodeEvent,
  type EventCatalogue,
  type StoredEventOf,
} from '@shortlist/domain';
import type { RecordedEvent } from '@shortlist/eventstore';
import type { Transaction } from 'kysely';
import type { Database } from './database';

/**
 * A read model fed from the global event order.
 *
 * Rules (see README): every value is derived from the events (no now(), no random), and
 * `apply` is idempotent (upserts keyed by something in the event), so a replay or a re-delivered
 * batch leaves identical rows. `apply` runs inside the projector's transaction, together with the
 * checkpoint update: it must not commit, open connections or call out.
 */
export interface Projection {
  /** Unique and stable: the checkpoint row and the advisory-lock key derive from it. */
  name: string;
  /** Bump when `apply` changes meaning: the projector then rebuilds the tables from zero. */
  version?: number;
  /** Every table the projection writes; rebuild truncates them and verify compares them. */
  tables: readonly string[];
  /** Event types it reacts to; absent = all. The checkpoint advances past the others anyway. */
  handles?: readonly string[];
  apply(trx: Transaction<Database>, events: RecordedEvent[]): Promise<void>;
  /**
   * For a projection that only ever adds one row per handled event to one table of its own
   * (never reads, updates or deletes one): that row, column by column. A replay into the
   * emptied table (rebuild, verify's scratch schema) streams these rows with COPY instead of
   * calling apply, so apply must write exactly these rows.
   */
  appendRows?: AppendRows;
}

/** One value of a row written by COPY: text, a number, a boolean, null, or JSON for jsonb. */
export type CopyValue = string | number | boolean | null | readonly unknown[] | object;

export interface AppendRows {
  table: string;
  columns: readonly string[];
  row(event: RecordedEvent): readonly CopyValue[];
}

/** A domain event as a projector sees it: decoded, with the record it was read from. */
export type ProjectedEvent<Catalogue> = StoredEventOf<Catalogue> & {
  /** Position, stream, version, id, metadata and time of the stored event. */
  readonly recorded: RecordedEvent;
};

/** A stored event of a type the projection reads whose payload does not fit its schema. */
export class MalformedEventError extends Error {
  constructor(event: RecordedEvent, problems: string) {
    super(`Malformed ${event.type} event ${event.id}: ${problems}`);
    this.name = 'MalformedEventError';
  }
}

/**
 * A projection fed with decoded domain events: it names the event catalogues it reads, whole,
 * and `apply` switches on `type` over every event of them, ending with `assertNever`, so an event
 * added to or renamed in one of those aggregates fails the typecheck here. Events of other types
 * never reach it; one whose payload does not decode throws MalformedEventError, which the projector
 * treats like any event that keeps failing: retried, then quarantined (quarantine/).
 */
export function typedProjection<const Catalogues extends readonly EventCatalogue[]>(definition: {
  name: string;
  version?: number;
  tables: readonly string[];
  reads: Catalogues;
  apply(trx: Transaction<Database>, events: ProjectedEvent<Catalogues[number]>[]): Promise<void>;
}): Projection {
  const { reads, apply, ...rest } = definition;
  return {
    ...rest,
    handles: catalogueTypes(reads),
    async apply(trx, events) {
      const decoded: ProjectedEvent<Catalogues[number]>[] = [];
      for (const recorded of events) {
        const result = decodeEvent(reads, recorded);
        // `handles` keeps other types away; a caller passing them anyway gets them skipped.
        if (result.kind === 'unknown') continue;
        if (result.kind === 'malformed') throw new MalformedEventError(recorded, result.problems);
        decoded.push({ ...result.event, recorded });
      }
      if (decoded.length > 0) await apply(trx, decoded);
    },
  };
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
