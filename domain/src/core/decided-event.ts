import type { DomainEvent } from './domain-event';
import {
  type DecodeResult,
  decodeEvent,
  type EventCatalogue,
  type SchemasOf,
} from './event-catalogue';

/**
 * A catalogue declared against the event union `E` (`eventCatalogue<E>()`): the type checker has
 * proved that each of its schemas decodes to `E`'s payload, save that any field may read null.
 */
export type CatalogueOf<E extends DomainEvent> = EventCatalogue<SchemasOf<E>>;

/**
 * A stored event as its aggregate's `evolve` folds it, decoded through the aggregate's catalogue.
 * This is the one place old event versions are upcast: a schema fills what older versions did not
 * write (`.default()`: a payout request before bank accounts is a UPI request), so no `evolve`,
 * loader or reader has to guess. A payload that does not fit its schema, or a type the aggregate
 * does not know, is answered as such and never reaches `evolve`.
 */
export function decodeForDecider<E extends DomainEvent>(
  catalogue: CatalogueOf<E>,
  stored: { type: string; data: unknown },
): DecodeResult<E> {
  const result = decodeEvent([catalogue], stored);
  if (result.kind !== 'decoded') return result;
  return { kind: 'decoded', event: asDecidedEvent(catalogue, result.event) };
}

/**
 * An event its aggregate's catalogue has already decoded, typed as `evolve` folds it. The
 * catalogue was declared against E, so the decoded payload is E's except that a field may read
 * null: a personal field whose stream's key was erased. `evolve` folds erased history as it folds
 * any other (state keeps no personal data), which is the one difference accepted here.
 */
export function asDecidedEvent<E extends DomainEvent>(
  _catalogue: CatalogueOf<E>,
  decoded: { type: string; data: unknown },
): E {
  return decoded as E;
}

/** A stored event its aggregate's catalogue refuses: the stream cannot be folded as it is. */
export class UndecodableEventError extends Error {
  constructor(
    readonly streamName: string,
    readonly streamVersion: number,
    readonly failure: Exclude<DecodeResult<never>, { kind: 'decoded' }>,
  ) {
    super(
      failure.kind === 'unknown'
        ? `Event ${streamVersion} of ${streamName} has type ${failure.type}, which this aggregate does not know`
        : `Event ${streamVersion} of ${streamName} (${failure.type}) does not fit its schema: ${failure.problems}`,
    );
    this.name = 'UndecodableEventError';
  }
}

/** The metadata of a stored event as readers show it (eventMetadataFrom wrote it). */
export interface StoredEventMetadata {
  /** Null when the event was appended without one (around the API). */
  actor: string | null;
  /** The decision's time (metadata.at), else when the store recorded the event. */
  at: string;
  correlationId: string | null;
  causationId: string | null;
}

/** Reads back what eventMetadataFrom stored; the one place readers take `at` and `actor` from. */
export function storedEventMetadata(stored: {
  metadata: { readonly [key: string]: unknown };
  recordedAt: string;
}): StoredEventMetadata {
  const { actor, at, correlationId, causationId } = stored.metadata;
  return {
    actor: typeof actor === 'string' ? actor : null,
    at: typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : stored.recordedAt,
    correlationId: typeof correlationId === 'string' ? correlationId : null,
    causationId: typeof causationId === 'string' ? causationId : null,
  };
}
