import {
  asDecidedEvent,
  type CatalogueOf,
  type Command,
  type Decider,
  type DomainEvent,
  decodeEvent,
  type EventCatalogue,
  type StoredEventMetadata,
  type StoredEventOf,
  storedEventMetadata,
  UndecodableEventError,
} from '@shortlist/domain';
import type { EventStore, Position, RecordedEvent } from '@shortlist/eventstore';
import { type HandleCommandInput, type HandleCommandResult, handleCommand } from './handle-command';
import { remember, streamStateCache } from './stream-state-cache';

/** One event of a loaded stream: decoded through the catalogue, with where and when it was stored. */
export type LoadedEvent<Stored> = Stored & {
  id: string;
  streamVersion: number;
  position: Position;
  recordedAt: string;
  metadata: StoredEventMetadata;
};

export interface LoadedAggregate<State, Stored> {
  /** The fold of the stream's events; the decider's initial state when there are none. */
  state: State;
  /** The stream's version (-1 when it does not exist). */
  version: number;
  /** Every event of the stream, in order, as the catalogue decodes it (erased fields read null). */
  history: LoadedEvent<Stored>[];
  /** Global position of the stream's last event: what a reader of it waits for. */
  position: Position | null;
}

export type HandleOptions<E extends DomainEvent> = Pick<
  HandleCommandInput<unknown, Command, E>,
  'eventIds' | 'maxAttempts' | 'newStream'
>;

export interface Aggregate<State, C extends Command, Stored, E extends DomainEvent> {
  streamName(id: string): string;
  /** Reads the stream and decodes every event, or refuses with UndecodableEventError. */
  load(id: string): Promise<LoadedAggregate<State, Stored>>;
  /** handleCommand on the aggregate's stream (its idempotency and retry rules). */
  handle(id: string, command: C, options?: HandleOptions<E>): Promise<HandleCommandResult>;
}

/**
 * The one way the API reads and writes an aggregate: its decider, its catalogue (the same one
 * the decider folds through, given here with its precise type so `history` says which fields may
 * read null) and the name of its streams. `load` also remembers the state it folded, so a
 * `handle` that follows in this process decides on it instead of reading the stream again (the
 * store still checks the version on append).
 */
export function aggregate<
  State,
  C extends Command,
  E extends DomainEvent,
  const Catalogue extends CatalogueOf<E>,
>(
  store: EventStore,
  definition: {
    decider: Decider<State, C, E>;
    catalogue: Catalogue;
    streamName: (id: string) => string;
  },
): Aggregate<State, C, StoredEventOf<Catalogue>, E> {
  const { decider, catalogue, streamName } = definition;
  if (catalogue !== decider.catalogue) {
    throw new Error('An aggregate is read through the catalogue its decider folds');
  }
  return {
    streamName,
    async load(id) {
      const name = streamName(id);
      const stream = await store.readStream(name);
      const history = decodeHistory(catalogue, name, stream.events);
      // Folded from the history just decoded: each event is parsed once.
      const state = history.reduce(
        (folded, event) => decider.evolve(folded, asDecidedEvent(decider.catalogue, event)),
        decider.initialState(),
      );
      remember(streamStateCache(store, decider), name, { state, version: stream.currentVersion });
      return {
        state,
        version: stream.currentVersion,
        history,
        position: stream.events.at(-1)?.position ?? null,
      };
    },
    handle: (id, command, options = {}) =>
      handleCommand({ store, streamName: streamName(id), decider, command, ...options }),
  };
}

/** A stream's events decoded through its catalogue, or UndecodableEventError for the first that fails. */
export function decodeHistory<const Catalogue extends EventCatalogue>(
  catalogue: Catalogue,
  streamName: string,
  events: readonly RecordedEvent[],
): LoadedEvent<StoredEventOf<Catalogue>>[] {
  return events.map((recorded) => loadedEvent(catalogue, streamName, recorded));
}

function loadedEvent<const Catalogue extends EventCatalogue>(
  catalogue: Catalogue,
  streamName: string,
  recorded: RecordedEvent,
): LoadedEvent<StoredEventOf<Catalogue>> {
  const decoded = decodeEvent([catalogue] as const, recorded);
  if (decoded.kind !== 'decoded') {
    throw new UndecodableEventError(streamName, recorded.streamVersion, decoded);
  }
  return {
    ...decoded.event,
    id: recorded.id,
    streamVersion: recorded.streamVersion,
    position: recorded.position,
    recordedAt: recorded.recordedAt,
    metadata: storedEventMetadata(recorded),
  };
}
