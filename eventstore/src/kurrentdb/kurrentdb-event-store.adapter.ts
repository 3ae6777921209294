import {
  type AllStreamResolvedEvent,
  ANY,
  type AppendStreamState,
  BACKWARDS,
  END,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM as KURRENT_NO_STREAM,
  KurrentDBClient,
  type Position as KurrentPosition,
  type RecordedEvent as KurrentRecordedEvent,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
} from '@kurrent/kurrentdb-client';
import { assertAppendable } from '../append.guard';
import {
  type AppendResult,
  DuplicateEventIdsError,
  type EventStore,
  type ExpectedVersion,
  type JsonObject,
  type JsonValue,
  type NewEvent,
  NO_STREAM,
  type Position,
  type ReadStreamResult,
  type RecordedEvent,
  type Subscription,
  WrongExpectedVersionError,
} from '../event-store.port';
import { decodeKurrentPosition, encodeKurrentPosition } from './kurrentdb-position.codec';
import { startKurrentSubscription } from './kurrentdb-subscription';

/*
 * KurrentDB does the hard parts itself: $all is a single ordered log, so there is no commit-order
 * gap to guard against. System events (types starting with '$') are filtered out of every read
 * of $all.
 *
 * Its own idempotency is narrower than the port's: the server recognises a retried id only when
 * the retry's expected version is the one the first append had (or within a small in-memory
 * window), so a retry at the stream's current version would store the events twice. The port
 * promises that a retry writes nothing at any expected version and that a partial overlap is
 * refused, so the adapter reads the stream's ids before each append (one more read, as long as
 * the stream) and again after a version conflict. Two retries racing with 'any' can still both
 * pass that read; the command handler, which recognises a repeated command by its ids in the
 * stream it loaded, does not depend on this.
 */

export interface KurrentDbConnection {
  /** e.g. kurrentdb://localhost:2113?tls=false */
  connectionString: string;
}

export function createKurrentDbEventStore(connection: KurrentDbConnection): EventStore {
  const client = KurrentDBClient.connectionString(connection.connectionString);
  const subscriptions = new Set<Subscription>();

  /** Position of the event at `revision`: the exact key readAll and subscriptions will report. */
  const positionAtRevision = async (streamName: string, revision: bigint) => {
    for await (const resolved of client.readStream(streamName, {
      fromRevision: revision,
      maxCount: 1,
      direction: FORWARDS,
    })) {
      if (resolved.event?.position) return encodeKurrentPosition(resolved.event.position);
    }
    return null;
  };

  const lastRevision = async (streamName: string): Promise<number> => {
    try {
      for await (const resolved of client.readStream(streamName, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: 1,
      })) {
        if (resolved.event) return Number(resolved.event.revision);
      }
      return NO_STREAM;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return NO_STREAM;
      throw error;
    }
  };

  /** The events of this stream that carry one of these ids. */
  const storedWithIds = async (streamName: string, ids: ReadonlySet<string>) => {
    const stored: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamName, { direction: FORWARDS })) {
        if (resolved.event && ids.has(resolved.event.id)) {
          stored.push(toRecordedEvent(resolved.event));
        }
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return stored;
      throw error;
    }
    return stored;
  };

  /**
   * What an earlier append of these events answered, when the stream holds all of them; null
   * when it holds none; DuplicateEventIdsError when it holds some.
   */
  const earlierAppend = async (
    streamName: string,
    events: readonly NewEvent[],
  ): Promise<AppendResult | null> => {
    const stored = await storedWithIds(streamName, new Set(events.map((event) => event.id)));
    if (stored.length === 0) return null;
    const storedIds = new Set(stored.map((event) => event.id));
    if (stored.length < events.length) {
      throw new DuplicateEventIdsError(
        streamName,
        events.flatMap((event) => (storedIds.has(event.id) ? [event.id] : [])),
      );
    }
    const last = stored.at(-1);
    if (last === undefined) return null;
    return { nextExpectedVersion: last.streamVersion, position: last.position };
  };

  const readAll = async ({ after, limit }: { after: Position | null; limit: number }) => {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`limit must be a positive integer, got ${limit}`);
    }
    const events: RecordedEvent[] = [];
    // Reading $all from a position includes the event at that position; ask for one more and
    // drop everything at or before `after`.
    for await (const resolved of client.readAll({
      fromPosition: after === null ? START : decodeKurrentPosition(after),
      direction: FORWARDS,
      maxCount: limit + 1,
      filter: excludeSystemEvents(),
    })) {
      const event = fromResolved(resolved);
      if (!event || (after !== null && event.position <= after)) continue;
      events.push(event);
      if (events.length === limit) break;
    }
    return events;
  };

  const headPosition = async (): Promise<Position | null> => {
    for await (const resolved of client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 1,
      filter: excludeSystemEvents(),
    })) {
      if (resolved.event) return encodeKurrentPosition(resolved.event.position);
    }
    return null;
  };

  return {
    async append(streamName, events, options = {}): Promise<AppendResult> {
      assertAppendable(streamName, events);
      const expected = options.expectedVersion ?? 'any';
      const retried = await earlierAppend(streamName, events);
      if (retried !== null) return retried;
      try {
        const result = await client.appendToStream(
          streamName,
          events.map((event) =>
            jsonEvent({
              id: event.id,
              type: event.type,
              data: event.data,
              metadata: event.metadata,
            }),
          ),
          { streamState: toStreamState(expected) },
        );
        // The append result's position is the write's log position, which is not guaranteed to
        // be the last event's own (commit, prepare); callers compare it with checkpoints, so
        // read back the exact one (one extra read per append, KurrentDB only).
        const exact = await positionAtRevision(streamName, result.nextExpectedRevision);
        const position = exact ?? (result.position ? encodeKurrentPosition(result.position) : null);
        if (position === null) throw new Error(`No position known for the append to ${streamName}`);
        return { nextExpectedVersion: Number(result.nextExpectedRevision), position };
      } catch (error) {
        if (error instanceof KurrentWrongExpectedVersionError) {
          // Another writer appended these very events meanwhile: a retry, answered as one.
          const raced = await earlierAppend(streamName, events);
          if (raced !== null) return raced;
          const actual =
            error.actualState === KURRENT_NO_STREAM ? NO_STREAM : Number(error.actualState);
          throw new WrongExpectedVersionError(streamName, expected, actual);
        }
        throw error;
      }
    },

    async readStream(streamName, options = {}): Promise<ReadStreamResult> {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamName, {
          fromRevision: BigInt(options.fromVersion ?? 0),
          direction: FORWARDS,
          ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
        })) {
          if (resolved.event) events.push(toRecordedEvent(resolved.event));
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return { events: [], currentVersion: NO_STREAM };
        throw error;
      }
      const last = events.at(-1);
      const readToEnd = options.maxCount === undefined || events.length < options.maxCount;
      if (last && readToEnd) return { events, currentVersion: last.streamVersion };
      return { events, currentVersion: await lastRevision(streamName) };
    },

    readAll,

    subscribe(options, handler) {
      const subscription = startKurrentSubscription(client, fromResolved, options, handler);
      subscriptions.add(subscription);
      subscription.done.then(
        () => subscriptions.delete(subscription),
        () => subscriptions.delete(subscription),
      );
      return subscription;
    },

    headPosition,
    // $all is ordered by commit: nothing committed can ever appear before its end.
    committedHeadPosition: headPosition,

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await client.dispose();
    },
  };
}

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (!Number.isInteger(expected) || expected < NO_STREAM) {
    throw new RangeError(`Invalid expected version: ${expected}`);
  }
  return expected === NO_STREAM ? KURRENT_NO_STREAM : BigInt(expected);
}

function fromResolved(resolved: AllStreamResolvedEvent): RecordedEvent | null {
  return resolved.event ? toRecordedEvent(resolved.event) : null;
}

function toRecordedEvent(event: KurrentRecordedEvent): RecordedEvent {
  const position: KurrentPosition | undefined = event.position;
  if (!position) {
    throw new Error('KurrentDB returned an event without a log position (server older than 22.6?)');
  }
  return {
    id: event.id,
    type: event.type,
    data: toJsonObject(event.data),
    metadata: toJsonObject(event.metadata ?? {}),
    streamName: event.streamId,
    streamVersion: Number(event.revision),
    position: encodeKurrentPosition(position),
    recordedAt: wholeSeconds(event.created),
  };
}

/**
 * The client hands the server's timestamp (100 ns ticks) over at two precisions: its reads
 * (readStream, readAll, through its Rust core) in whole seconds, its subscriptions (gRPC in
 * JavaScript) in milliseconds. A projection fed live and a rebuild fed by readAll must write the
 * same rows, so every path keeps what all of them have: the second.
 */
function wholeSeconds(created: Date): string {
  return new Date(Math.floor(created.getTime() / 1000) * 1000).toISOString();
}

/**
 * Our events are JSON objects; anything else on the server was written by someone else and is
 * wrapped rather than dropped, so $all keeps every event.
 */
function toJsonObject(value: unknown): JsonObject {
  if (value instanceof Uint8Array) return { binary: Buffer.from(value).toString('base64') };
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    // Parsed from JSON by the client, so every nested value is JSON too.
    return value as JsonObject;
  }
  return { value: (value ?? null) as JsonValue };
}
