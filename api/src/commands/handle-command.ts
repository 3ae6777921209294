import {
  type Command,
  type Decider,
  type DomainEvent,
  decodeForDecider,
  eventMetadataFrom,
  UndecodableEventError,
} from '@shortlist/domain';
import {
  type AppendResult,
  type EventStore,
  type JsonObject,
  type NewEvent,
  NO_STREAM,
  type Position,
  type ReadStreamResult,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '@shortlist/eventstore';
import { randomEventId } from './deterministic-event-id';
import { type CachedStream, recall, remember, streamStateCache } from './stream-state-cache';

export type EventIds<E> = readonly string[] | ((index: number, event: E) => string);

export interface HandleCommandInput<State, C extends Command, E extends DomainEvent> {
  store: EventStore;
  streamName: string;
  decider: Decider<State, C, E>;
  command: C;
  /**
   * Ids for the events `decide` returns, by index. Policies pass deterministic ids
   * (deterministicEventId): a command whose ids the stream already holds has been handled
   * before, and is answered with what it appended then; default: random UUIDs.
   */
  eventIds?: EventIds<E>;
  /** Tries in all when other writers keep winning the race. Default 8. */
  maxAttempts?: number;
  /**
   * The caller has just made this stream's name up (`order-<randomUUID>`), so it almost surely
   * does not exist: the first try decides on the initial state without reading it and appends
   * with "no stream" as the expected version. If the stream does exist after all, the store
   * refuses that append and the command is decided again on a fresh read, so nothing stored is
   * ever overwritten or ignored. Only for names that are new by construction; default false.
   */
  newStream?: boolean;
}

export interface HandleCommandResult {
  /** The events as stored; empty when `decide` had nothing to say. */
  events: RecordedEvent[];
  /** Global position of the last appended event; null when nothing was appended. */
  position: Position | null;
  /** The stream's version now (-1 when it still does not exist). */
  nextExpectedVersion: number;
}

const DEFAULT_MAX_ATTEMPTS = 8;

/**
 * Load, fold, decide, append with the expected version (ARCHITECTURE.md "Commands"). When another
 * writer appended in between, the store refuses with WrongExpectedVersionError and the whole
 * cycle runs again on the fresh state, so no update is lost and every invariant is checked
 * against what is really stored. A DomainError from `decide` is never retried.
 *
 * The load is skipped when this process remembers the stream (stream-state-cache.ts): the
 * command is decided on the remembered state and appended with the remembered version, which
 * the store checks as it would a loaded one. That saves the read round trip on a stream this
 * process wrote last, the common case; anything else falls back to the load. A stream the
 * caller has just named (`newStream`) is not read either: it is decided on the initial state.
 */
export async function handleCommand<State, C extends Command, E extends DomainEvent>(
  input: HandleCommandInput<State, C, E>,
): Promise<HandleCommandResult> {
  const maxAttempts = input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      // A command that may repeat (deterministic ids) is always decided on a read: see handledBefore.
      if (attempt === 1 && input.newStream === true && input.eventIds === undefined) {
        const streams = streamStateCache(input.store, input.decider);
        const initial = input.decider.initialState();
        const fresh = await appendOnAssumed(input, streams, initial, NO_STREAM);
        if (fresh !== null) return fresh;
      }
      return await decideAndAppend(input);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw error;
      await sleep(backoffMs(attempt));
    }
  }
}

async function decideAndAppend<State, C extends Command, E extends DomainEvent>(
  input: HandleCommandInput<State, C, E>,
): Promise<HandleCommandResult> {
  const { store, streamName, decider, command } = input;
  const streams = streamStateCache(store, decider);
  // The remembered state knows no event ids, so a command that may repeat is decided on a read.
  const cached = input.eventIds === undefined ? recall(streams, streamName) : undefined;
  if (cached !== undefined) {
    const fast = await appendOnAssumed(input, streams, cached.state as State, cached.version);
    if (fast !== null) return fast;
  }
  const stream = await store.readStream(streamName);
  const state = foldStream(decider, streamName, stream.events);
  remember(streams, streamName, { state, version: stream.currentVersion });
  const decided = decider.decide(command, state);
  if (decided.length === 0) {
    return { events: [], position: null, nextExpectedVersion: stream.currentVersion };
  }
  return (
    handledBefore(input, stream, decided) ??
    append(input, streams, state, stream.currentVersion, decided)
  );
}

/**
 * A command given deterministic ids has been handled before when the stream holds any of the
 * ids it would append now: it is answered with the events it appended then, and nothing is
 * appended. Any, not all: after the first run the state has moved on, so a second decision may
 * differ in its events and their number, while the ids (one per trigger and index) tell the same
 * trigger. The store's own duplicate-id check stays a safety net for retried appends only.
 */
function handledBefore<E extends DomainEvent>(
  input: { eventIds?: EventIds<E> },
  stream: ReadStreamResult,
  decided: readonly E[],
): HandleCommandResult | null {
  if (input.eventIds === undefined) return null;
  const ids = new Set(decided.map((event, index) => eventIdFor(input.eventIds, index, event)));
  const earlier = stream.events.filter((event) => ids.has(event.id));
  const last = earlier.at(-1);
  if (last === undefined) return null;
  return { events: earlier, position: last.position, nextExpectedVersion: stream.currentVersion };
}

/**
 * The command decided on a state the stream is assumed to be in (the one this process
 * remembers, or the initial state of a stream the caller has just named) and appended only if
 * the store agrees: the stream is still at `version`. Null when a fresh read must decide
 * instead: the store refused, or the assumed state refuses the command or has nothing to
 * append, which may be true of the stored stream or only of a stale assumption, and is
 * therefore never answered without a read.
 */
async function appendOnAssumed<State, C extends Command, E extends DomainEvent>(
  input: HandleCommandInput<State, C, E>,
  streams: Map<string, CachedStream>,
  state: State,
  version: number,
): Promise<HandleCommandResult | null> {
  let decided: E[];
  try {
    decided = input.decider.decide(input.command, state);
  } catch {
    return null;
  }
  if (decided.length === 0) return null;
  try {
    return await append(input, streams, state, version, decided);
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return null;
    throw error;
  }
}

async function append<State, C extends Command, E extends DomainEvent>(
  input: HandleCommandInput<State, C, E>,
  streams: Map<string, CachedStream>,
  state: State,
  expectedVersion: number,
  decided: E[],
): Promise<HandleCommandResult> {
  const { store, streamName, decider, command } = input;
  const metadata = toJsonObject(eventMetadataFrom(command.metadata));
  const newEvents: NewEvent[] = decided.map((event, index) => ({
    id: eventIdFor(input.eventIds, index, event),
    type: event.type,
    data: toJsonObject(event.data),
    metadata,
  }));
  let result: AppendResult;
  try {
    result = await store.append(streamName, newEvents, { expectedVersion });
  } catch (error) {
    streams.delete(streamName);
    throw error;
  }
  if (result.nextExpectedVersion === expectedVersion + newEvents.length) {
    remember(streams, streamName, {
      state: decided.reduce(decider.evolve, state),
      version: result.nextExpectedVersion,
    });
  } else {
    // These ids were stored before (a retried command): the store answered that earlier append,
    // so what the stream holds now is not known here.
    streams.delete(streamName);
  }
  const firstVersion = result.nextExpectedVersion - newEvents.length + 1;
  const recordedAt = new Date().toISOString();
  return {
    events: newEvents.map((event, index) => ({
      ...event,
      streamName,
      streamVersion: firstVersion + index,
      // Only the last event's position is known from the append; the others lie before it.
      position: result.position,
      recordedAt,
    })),
    position: result.position,
    nextExpectedVersion: result.nextExpectedVersion,
  };
}

function eventIdFor<E>(ids: EventIds<E> | undefined, index: number, event: E): string {
  if (ids === undefined) return randomEventId();
  const id = typeof ids === 'function' ? ids(index, event) : ids[index];
  if (id === undefined) throw new Error(`No event id given for event ${index}`);
  return id;
}

/**
 * A stream's state: its events decoded through the decider's catalogue (which upcasts old
 * versions) and folded. An event the catalogue refuses stops the load with UndecodableEventError:
 * deciding on a state folded from what was never checked could append on a wrong premise.
 */
function foldStream<State, C extends Command, E extends DomainEvent>(
  decider: Decider<State, C, E>,
  streamName: string,
  events: readonly RecordedEvent[],
): State {
  let state = decider.initialState();
  for (const recorded of events) {
    const decoded = decodeForDecider(decider.catalogue, recorded);
    if (decoded.kind !== 'decoded') {
      throw new UndecodableEventError(streamName, recorded.streamVersion, decoded);
    }
    state = decider.evolve(state, decoded.event);
  }
  return state;
}

// Domain event payloads are declared as plain JSON interfaces (ARCHITECTURE.md), which
// TypeScript cannot prove assignable to an index-signature type.
function toJsonObject(data: unknown): JsonObject {
  return data as JsonObject;
}

/** Full jitter on a doubling base (5 ms, 10 ms, …, at most 200 ms): racing writers spread out. */
function backoffMs(attempt: number): number {
  return Math.random() * Math.min(200, 5 * 2 ** attempt);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
