/**
 * The one port every event-store adapter implements (PostgreSQL, KurrentDB).
 * The contract suite in `event-store.contract.ts` is the executable definition of this file.
 */

/**
 * A position in the global order of all events. Opaque to callers, but every adapter encodes it
 * so that plain string comparison (`a < b`) follows the global order; that lets checkpoints be
 * stored as text and compared anywhere (SQL or JS) without knowing the adapter.
 */
export type Position = string;

/**
 * Expected version of a stream at append time.
 * - a number: the revision (0-based) of the stream's last event; -1 means "the stream must not exist";
 * - 'any': no check;
 * - 'stream_exists': the stream must have at least one event.
 */
export type ExpectedVersion = number | 'any' | 'stream_exists';

export const NO_STREAM = -1;

export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

export type JsonObject = { [key: string]: JsonValue };

/** An event about to be appended. `id` (a UUID) makes a retried append idempotent. */
export interface NewEvent {
  id: string;
  type: string;
  data: JsonObject;
  metadata: JsonObject;
}

/** An event as stored. */
export interface RecordedEvent extends NewEvent {
  streamName: string;
  /** 0-based revision of this event inside its stream. */
  streamVersion: number;
  position: Position;
  /** ISO-8601 time the store recorded it (KurrentDB: to the whole second, on every read path). */
  recordedAt: string;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append (pass it as the next expectedVersion). */
  nextExpectedVersion: number;
  /** Global position of the last appended event. */
  position: Position;
}

export interface ReadStreamResult {
  events: RecordedEvent[];
  /** Revision of the stream's last event, or NO_STREAM (-1) when the stream has no events. */
  currentVersion: number;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; null = from the very beginning. */
  after: Position | null;
  /** Upper bound on events per handler call. */
  batchSize?: number;
}

export interface Subscription {
  /** Stops delivering; resolves once the handler in flight (if any) has finished. */
  stop(): Promise<void>;
  /** Resolves/rejects when the subscription ends (rejects if the handler or the store failed). */
  readonly done: Promise<void>;
}

export interface EventStore {
  /**
   * Appends atomically. Throws WrongExpectedVersionError when the stream's version differs.
   * Appending events whose ids this stream already holds, all of them (a retry), returns the
   * first result and writes nothing, whatever the expected version: the one the first append
   * had, or the stream's current one. When only some of the ids are stored, it throws
   * DuplicateEventIdsError and writes nothing. Throws RangeError for an empty list of events,
   * and UnstorableEventError (storable-event.ts) for an event PostgreSQL could not hold as
   * jsonb: nothing is written.
   *
   * This is a safety net for retried appends, not how a repeated command is recognised: the
   * command handler finds its deterministic ids in the stream it loaded and appends nothing.
   */
  append(
    streamName: string,
    events: NewEvent[],
    options?: { expectedVersion?: ExpectedVersion },
  ): Promise<AppendResult>;

  readStream(
    streamName: string,
    options?: { fromVersion?: number; maxCount?: number },
  ): Promise<ReadStreamResult>;

  /**
   * Events in global order strictly after `after` (null = from the start), at most `limit`.
   * Never returns an event while an earlier-ordered one may still commit (no gaps are skipped).
   */
  readAll(options: { after: Position | null; limit: number }): Promise<RecordedEvent[]>;

  /**
   * Pushes batches of events in global order to `handler`, one batch at a time (the next batch
   * waits for the handler's promise). Catches up from `after`, then follows live appends.
   */
  subscribe(
    options: SubscribeOptions,
    handler: (events: RecordedEvent[]) => Promise<void>,
  ): Subscription;

  /**
   * Position of the newest event readable by readAll, or null for an empty store: a safe place
   * to begin reading, since nothing can appear before it later. It may lag the last commits for
   * a moment (PostgreSQL: while an older transaction is still open), so it does not say that an
   * acknowledged append has become readable.
   */
  headPosition(): Promise<Position | null>;

  /**
   * Position of the newest committed event, or null for an empty store: every acknowledged
   * append is at or before it, at once. What to wait for when everything appended so far must
   * have been processed (a read model caught up, a token checked against the store). Not a
   * place to begin reading: on PostgreSQL an older transaction may still commit an event before
   * it. On KurrentDB, whose log is ordered by commit, it is the head.
   */
  committedHeadPosition(): Promise<Position | null>;

  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamName}: expected version ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/**
 * Some of the appended events' ids are already stored, the others are not: neither a retry of
 * an earlier append nor a new one. Nothing was written.
 */
export class DuplicateEventIdsError extends Error {
  constructor(
    readonly streamName: string,
    readonly storedIds: readonly string[],
  ) {
    super(
      `Stream ${streamName}: ${storedIds.length} of these event ids are already stored by another append`,
    );
    this.name = 'DuplicateEventIdsError';
  }
}
