/**
 * The transaction log behind the KurrentDB protocol fake: one ordered list of records, with the
 * rules a KurrentDB node applies when it commits a write. Knows nothing of gRPC.
 */

export type ExpectedRevision =
  | { kind: 'any' }
  | { kind: 'no_stream' }
  | { kind: 'stream_exists' }
  | { kind: 'revision'; revision: bigint };

export interface ProposedEvent {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

export interface LogRecord extends ProposedEvent {
  streamName: string;
  revision: bigint;
  /** Log position of the write's first record: every event of one append shares it. */
  commit: bigint;
  /** Log position of this event's own record. */
  prepare: bigint;
  /** 100-nanosecond ticks since the Unix epoch, as the server puts in the `created` metadata. */
  createdTicks: bigint;
}

export type AppendOutcome =
  | { kind: 'written'; revision: bigint; commit: bigint; prepare: bigint }
  /** Recognised as a retry: nothing written; the revision of the last event it matched. */
  | { kind: 'idempotent'; revision: bigint }
  | { kind: 'wrong_expected_version'; current: bigint | null };

export interface FakeLogOptions {
  /**
   * How many recently written event ids the node remembers for the id check of appends with
   * 'any' or 'stream_exists' (KurrentDB keeps a bounded in-memory cache, lost on restart).
   */
  idempotencyWindow: number;
}

/** Bytes a record takes in the log besides its strings and payloads (a round figure). */
const RECORD_OVERHEAD = 96;

export class FakeLog {
  readonly records: LogRecord[] = [];
  private readonly streams = new Map<string, LogRecord[]>();
  /** id → where it was written, oldest first (a Map keeps insertion order). */
  private readonly recentIds = new Map<string, { streamName: string; revision: bigint }>();
  private readonly listeners = new Set<() => void>();
  private nextPosition = 0n;
  private readonly epochTicks = BigInt(Date.now()) * 10_000n;
  private readonly startedAt = process.hrtime.bigint();

  constructor(private readonly options: FakeLogOptions) {}

  stream(name: string): readonly LogRecord[] | undefined {
    return this.streams.get(name);
  }

  /** Called after every write; returns the function that stops it. */
  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  append(
    streamName: string,
    expected: ExpectedRevision,
    events: readonly ProposedEvent[],
  ): AppendOutcome {
    const stream = this.streams.get(streamName) ?? [];
    const current = stream.length === 0 ? null : BigInt(stream.length - 1);
    const check = this.checkCommit(streamName, stream, current, expected, events);
    if (check !== 'write') return check;
    if (events.length === 0)
      return { kind: 'written', revision: current ?? -1n, commit: 0n, prepare: 0n };

    const createdTicks = this.epochTicks + (process.hrtime.bigint() - this.startedAt) / 100n;
    const commit = this.nextPosition;
    const written: LogRecord[] = events.map((event, index) => {
      const prepare = this.nextPosition;
      this.nextPosition += BigInt(
        RECORD_OVERHEAD +
          Buffer.byteLength(streamName) +
          Buffer.byteLength(event.type) +
          event.data.length +
          event.customMetadata.length,
      );
      return {
        ...event,
        streamName,
        revision: BigInt(stream.length + index),
        commit,
        prepare,
        createdTicks,
      };
    });
    stream.push(...written);
    this.streams.set(streamName, stream);
    this.records.push(...written);
    for (const record of written) this.remember(record);
    for (const listener of this.listeners) listener();
    const last = written[written.length - 1] as LogRecord;
    return { kind: 'written', revision: last.revision, commit, prepare: last.prepare };
  }

  /**
   * KurrentDB's commit check, as its index writer makes it. Event ids are compared only:
   * - with an exact expected revision (or no_stream) behind the stream's current one: the ids
   *   must be those of the events right after it, all of them (a retry), else the write is a
   *   wrong expected version;
   * - with 'any' or 'stream_exists': against the bounded cache of recent ids; the first id
   *   unknown there means a new write, even if later ones are known.
   * At the current revision the write goes through whatever its ids: the same events twice.
   */
  private checkCommit(
    streamName: string,
    stream: readonly LogRecord[],
    current: bigint | null,
    expected: ExpectedRevision,
    events: readonly ProposedEvent[],
  ): AppendOutcome | 'write' {
    const wrong = { kind: 'wrong_expected_version', current } as const;
    if (expected.kind === 'stream_exists' && current === null) return wrong;
    if (expected.kind === 'any' || expected.kind === 'stream_exists') {
      let last: bigint | null = null;
      for (const [index, event] of events.entries()) {
        const known = this.recentIds.get(event.id);
        if (known === undefined || known.streamName !== streamName) {
          return index === 0 ? 'write' : wrong;
        }
        last = known.revision;
      }
      return last === null ? 'write' : { kind: 'idempotent', revision: last };
    }
    const expectedRevision = expected.kind === 'no_stream' ? -1n : expected.revision;
    const currentRevision = current ?? -1n;
    if (expectedRevision > currentRevision) return wrong;
    if (expectedRevision === currentRevision) return 'write';
    let revision = expectedRevision;
    for (const event of events) {
      revision += 1n;
      if (stream[Number(revision)]?.id !== event.id) return wrong;
    }
    return { kind: 'idempotent', revision };
  }

  private remember(record: LogRecord): void {
    this.recentIds.delete(record.id);
    this.recentIds.set(record.id, { streamName: record.streamName, revision: record.revision });
    while (this.recentIds.size > this.options.idempotencyWindow) {
      const oldest = this.recentIds.keys().next().value;
      if (oldest === undefined) break;
      this.recentIds.delete(oldest);
    }
  }
}
