import type { Command, Decider, DomainEvent } from '@shortlist/domain';
import {
  type EventStore,
  type JsonObject,
  type NewEvent,
  type Position,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '@shortlist/eventstore';
import { randomEventId } from './deterministic-event-id';

export type EventIds<E> = readonly string[] | ((index: number, event: E) => string);

export interface HandleCommandInput<State, C extends Command, E extends DomainEvent> {
  store: EventStore;
  streamName: string;
  decider: Decider<State, C, E>;
  command: C;
  /**
   * Ids for the events `decide` returns, by index. Policies pass deterministic ids
   * (deterministicEventId) so running twice appends nothing new; default: random UUIDs.
   */
  eventIds?: EventIds<E>;
  /** Tries in all when other writers keep winning the race. Default 8. */
  maxAttempts?: number;
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
 */
export async function handleCommand<State, C extends Command, E extends DomainEvent>(
  input: HandleCommandInput<State, C, E>,
): Promise<HandleCommandResult> {
  const maxAttempts = input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  for (let attempt = 1; ; attempt += 1) {
    try {
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
  const stream = await store.readStream(streamName);
  const state = stream.events.reduce(
    (current, event) => decider.evolve(current, toDomainEvent<E>(event)),
    decider.initialState(),
  );
  const decided = decider.decide(command, state);
  if (decided.length === 0) {
    return { events: [], position: null, nextExpectedVersion: stream.currentVersion };
  }
  const metadata: JsonObject = {
    actor: command.metadata.actor,
    correlationId: command.metadata.correlationId,
    causationId: command.metadata.causationId,
    at: command.metadata.now,
  };
  const newEvents: NewEvent[] = decided.map((event, index) => ({
    id: eventIdFor(input.eventIds, index, event),
    type: event.type,
    data: toJsonObject(event.data),
    metadata,
  }));
  const result = await store.append(streamName, newEvents, {
    expectedVersion: stream.currentVersion,
  });
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

// The stream's events were appended by this decider's own `decide`, so their shape is E; the
// store only knows JSON. (Upcasting old event versions, when it comes, belongs here.)
function toDomainEvent<E extends DomainEvent>(event: RecordedEvent): E {
  return { type: event.type, data: event.data } as E;
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
