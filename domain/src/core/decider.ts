import type { CatalogueOf } from './decided-event';
import type { DomainEvent } from './domain-event';

export type { DomainEvent } from './domain-event';

/**
 * The decider pattern (Emmett / Jérémie Chassaing): three pure functions per aggregate.
 * Time and ids come in through the command's metadata, never from a clock inside `decide`.
 */

/** Who did what, and why: carried by every command and copied onto every event it produces. */
export interface CommandMetadata {
  /** 'user:{id}', 'admin:{id}', 'influencer:{id}', 'system:{policy name}', 'provider:razorpay'… */
  actor: string;
  /** Ties together everything caused by one outside request. */
  correlationId: string;
  /** The id of the command or event that caused this one (null for an outside request). */
  causationId: string | null;
  /** ISO-8601 time of the decision, supplied by the caller. */
  now: string;
}

/** Metadata stored with each event (ARCHITECTURE.md: actor, correlationId, causationId, at). */
export interface EventMetadata {
  actor: string;
  correlationId: string;
  causationId: string | null;
  at: string;
}

export interface Command<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: CommandMetadata;
}

export interface Decider<State, C extends Command, E extends DomainEvent> {
  decide(command: C, state: State): E[];
  evolve(state: State, event: E): State;
  initialState(): State;
  /**
   * The aggregate's events as they read back from the store: a stream is decoded through it
   * before `evolve` sees it (decided-event.ts), so what `evolve` folds was checked, not assumed.
   */
  catalogue: CatalogueOf<E>;
}

export function eventMetadataFrom(metadata: CommandMetadata): EventMetadata {
  return {
    actor: metadata.actor,
    correlationId: metadata.correlationId,
    causationId: metadata.causationId,
    at: metadata.now,
  };
}

/** Folds a stream's events into state. */
export function fold<State, C extends Command, E extends DomainEvent>(
  decider: Decider<State, C, E>,
  events: readonly E[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** Compile-time exhaustiveness check for `switch` over a discriminated union. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
