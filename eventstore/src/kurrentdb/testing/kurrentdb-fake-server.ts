import { randomUUID } from 'node:crypto';
import {
  Server,
  ServerCredentials,
  type ServerDuplexStream,
  type ServerReadableStream,
  type ServerUnaryCall,
  type ServerWritableStream,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { type ExpectedRevision, FakeLog, type LogRecord, type ProposedEvent } from './fake-log';
import {
  ServerFeaturesService,
  StreamsService,
  serverFeatures,
  shared,
  status,
  streams,
  wellKnown,
} from './kurrentdb-protocol';

type ReadReq = InstanceType<typeof streams.ReadReq>;
type ReadResp = InstanceType<typeof streams.ReadResp>;
type ReadOptions = InstanceType<typeof streams.ReadReq.Options>;
type AppendReq = InstanceType<typeof streams.AppendReq>;
type AppendResp = InstanceType<typeof streams.AppendResp>;
type BatchAppendReq = InstanceType<typeof streams.BatchAppendReq>;
type BatchAppendResp = InstanceType<typeof streams.BatchAppendResp>;
type Uuid = InstanceType<typeof shared.UUID>;

export interface KurrentDbFake {
  /** kurrentdb://127.0.0.1:<port>?tls=false */
  connectionString: string;
  log: FakeLog;
  stop(): Promise<void>;
}

export interface KurrentDbFakeOptions {
  /** Recent event ids remembered for the id check of 'any'/'stream_exists' appends. */
  idempotencyWindow?: number;
}

/** The version the fake answers as; the client only reads the method list. */
const SERVER_VERSION = '24.10.0';
const { ReadDirection } = streams.ReadReq.Options;

/**
 * A single KurrentDB node speaking the real gRPC protocol on 127.0.0.1 (README.md in this
 * folder says which calls and which rules).
 */
export async function startKurrentDbFake(
  options: KurrentDbFakeOptions = {},
): Promise<KurrentDbFake> {
  const log = new FakeLog({ idempotencyWindow: options.idempotencyWindow ?? 10_000 });
  // A fresh node's $all starts with its own system events: readers must filter them out.
  log.append('$projections-$all', { kind: 'any' }, [systemEvent('$ProjectionsInitialized')]);
  const server = new Server();
  server.addService(ServerFeaturesService, {
    getSupportedMethods: (
      _call: ServerUnaryCall<unknown, unknown>,
      callback: sendUnaryData<unknown>,
    ) => callback(null, supportedMethods()),
  });
  server.addService(StreamsService, {
    read: (call: ServerWritableStream<ReadReq, ReadResp>) => read(log, call),
    append: (
      call: ServerReadableStream<AppendReq, AppendResp>,
      callback: sendUnaryData<AppendResp>,
    ) => append(log, call, callback),
    batchAppend: (call: ServerDuplexStream<BatchAppendReq, BatchAppendResp>) =>
      batchAppend(log, call),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    connectionString: `kurrentdb://127.0.0.1:${port}?tls=false`,
    log,
    // Subscriptions never end on their own: cut them, as a node going away does.
    stop: async () => server.forceShutdown(),
  };
}

function systemEvent(type: string): ProposedEvent {
  return {
    id: randomUUID(),
    type,
    contentType: 'application/json',
    data: Buffer.from('{}'),
    customMetadata: new Uint8Array(),
  };
}

function supportedMethods() {
  const methods = [
    ['event_store.client.streams.Streams', ['read', 'append', 'batchappend']],
    ['event_store.client.server_features.ServerFeatures', ['getsupportedmethods']],
  ] as const;
  const answer = new serverFeatures.SupportedMethods();
  answer.setEventStoreServerVersion(SERVER_VERSION);
  for (const [service, names] of methods) {
    for (const name of names) {
      const method = new serverFeatures.SupportedMethod();
      method.setServiceName(service.toLowerCase());
      method.setMethodName(name);
      answer.addMethods(method);
    }
  }
  return answer;
}

// ── Read: stream and $all, counted reads and subscriptions ──────────────────────────────────

function read(log: FakeLog, call: ServerWritableStream<ReadReq, ReadResp>): void {
  const options = call.request.getOptions();
  if (!options) {
    call.destroy(new Error('ReadReq without options'));
    return;
  }
  const structuredIds = options.getUuidOption()?.hasStructured() ?? false;
  const send = (record: LogRecord) => call.write(readEvent(record, structuredIds));
  const select = selection(log, options);

  if (options.hasCount()) {
    if (select.missingStream) {
      const notFound = new streams.ReadResp.StreamNotFound();
      notFound.setStreamIdentifier(options.getStream()?.getStreamIdentifier());
      call.write(response((r) => r.setStreamNotFound(notFound)));
    } else {
      const count = BigInt(options.getCount());
      select.read().forEach((record, index) => {
        if (BigInt(index) < count) send(record);
      });
    }
    call.end();
    return;
  }

  // A subscription: confirm, catch up, say so, then follow every write until cancelled. The log
  // lives in this process, so nothing can be written between the catch-up and the following.
  const confirmation = new streams.ReadResp.SubscriptionConfirmation();
  confirmation.setSubscriptionId(randomUUID());
  call.write(response((r) => r.setConfirmation(confirmation)));
  for (const record of select.catchUp()) send(record);
  const caughtUp = new streams.ReadResp.CaughtUp();
  caughtUp.setTimestamp(wellKnown.Timestamp.fromDate(new Date()));
  call.write(response((r) => r.setCaughtUp(caughtUp)));
  let seen = log.records.length;
  const stopFollowing = log.onAppend(() => {
    for (const record of log.records.slice(seen)) if (select.follows(record)) send(record);
    seen = log.records.length;
  });
  call.on('cancelled', stopFollowing);
  call.on('close', stopFollowing);
}

interface Selection {
  /** A stream with no events: a counted read answers stream_not_found. */
  missingStream: boolean;
  /** What a counted read returns, in its direction. */
  read(): LogRecord[];
  /** What a subscription delivers before it follows live writes. */
  catchUp(): LogRecord[];
  /** Whether a subscription delivers a later write. */
  follows(record: LogRecord): boolean;
}

function selection(log: FakeLog, options: ReadOptions): Selection {
  const backwards = options.getReadDirection() === ReadDirection.BACKWARDS;
  const inDirection = (records: LogRecord[]) => (backwards ? records.reverse() : records);
  const stream = options.getStream();
  if (stream) {
    const name = Buffer.from(stream.getStreamIdentifier()?.getStreamName_asU8() ?? []).toString();
    const events = log.stream(name) ?? [];
    const revision = stream.hasRevision() ? BigInt(stream.getRevision()) : null;
    return {
      missingStream: events.length === 0,
      read: () => {
        if (stream.hasEnd()) return backwards ? [...events].reverse() : [];
        const from = revision ?? 0n;
        return inDirection(
          events.filter((r) => (backwards ? r.revision <= from : r.revision >= from)),
        );
      },
      // From a revision a subscription starts after it; from the start, with the first event.
      catchUp: () =>
        stream.hasEnd() ? [] : events.filter((r) => revision === null || r.revision > revision),
      follows: (record) => record.streamName === name,
    };
  }
  const all = options.getAll();
  const matches = filterOf(options);
  const grpcPosition = all?.getPosition();
  const at = grpcPosition
    ? {
        commit: BigInt(grpcPosition.getCommitPosition()),
        prepare: BigInt(grpcPosition.getPreparePosition()),
      }
    : null;
  const records = log.records.filter(matches);
  return {
    missingStream: false,
    read: () => {
      if (all?.hasEnd()) return backwards ? records.reverse() : [];
      if (at === null) return inDirection(records);
      // Forwards from a position includes the event at it; backwards, only those before it.
      return inDirection(
        records.filter((r) =>
          backwards ? comparePosition(r, at) < 0 : comparePosition(r, at) >= 0,
        ),
      );
    },
    // From a position a subscription starts strictly after it.
    catchUp: () =>
      all?.hasEnd() ? [] : records.filter((r) => at === null || comparePosition(r, at) > 0),
    follows: matches,
  };
}

/** $all is ordered by commit position, then prepare position. */
function comparePosition(record: LogRecord, at: { commit: bigint; prepare: bigint }): number {
  if (record.commit !== at.commit) return record.commit < at.commit ? -1 : 1;
  if (record.prepare !== at.prepare) return record.prepare < at.prepare ? -1 : 1;
  return 0;
}

/** Server-side filtering of $all: on event type or stream name, by regex or prefixes. */
function filterOf(options: ReadOptions): (record: LogRecord) => boolean {
  const filter = options.getFilter();
  if (!filter) return () => true;
  const onType = filter.hasEventType();
  const expression = onType ? filter.getEventType() : filter.getStreamIdentifier();
  const field = (record: LogRecord) => (onType ? record.type : record.streamName);
  const regex = expression?.getRegex() ? new RegExp(expression.getRegex()) : null;
  const prefixes = expression?.getPrefixList() ?? [];
  return (record) => {
    const value = field(record);
    if (regex && !regex.test(value)) return false;
    return prefixes.length === 0 || prefixes.some((prefix) => value.startsWith(prefix));
  };
}

function readEvent(record: LogRecord, structuredIds: boolean): ReadResp {
  const recorded = new streams.ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(uuid(record.id, structuredIds));
  recorded.setStreamIdentifier(streamIdentifier(record.streamName));
  recorded.setStreamRevision(record.revision.toString());
  recorded.setCommitPosition(record.commit.toString());
  recorded.setPreparePosition(record.prepare.toString());
  const metadata = recorded.getMetadataMap();
  metadata.set('type', record.type);
  metadata.set('content-type', record.contentType);
  metadata.set('created', record.createdTicks.toString());
  recorded.setCustomMetadata(record.customMetadata);
  recorded.setData(record.data);
  const event = new streams.ReadResp.ReadEvent();
  event.setEvent(recorded);
  event.setCommitPosition(record.commit.toString());
  return response((r) => r.setEvent(event));
}

function response(fill: (response: ReadResp) => void): ReadResp {
  const answer = new streams.ReadResp();
  fill(answer);
  return answer;
}

// ── Append (one stream per call) and BatchAppend (many, over one call) ──────────────────────

function append(
  log: FakeLog,
  call: ServerReadableStream<AppendReq, AppendResp>,
  callback: sendUnaryData<AppendResp>,
): void {
  let target: { streamName: string; expected: ExpectedRevision } | null = null;
  const events: ProposedEvent[] = [];
  call.on('data', (request: AppendReq) => {
    const options = request.getOptions();
    if (options) {
      target = {
        streamName: streamName(options.getStreamIdentifier()),
        expected: options.hasRevision()
          ? { kind: 'revision', revision: BigInt(options.getRevision()) }
          : options.hasNoStream()
            ? { kind: 'no_stream' }
            : options.hasStreamExists()
              ? { kind: 'stream_exists' }
              : { kind: 'any' },
      };
    }
    const message = request.getProposedMessage();
    if (message) events.push(proposed(message));
  });
  call.on('end', () => {
    if (target === null) return callback(new Error('Append without options'));
    const { streamName: name, expected } = target;
    const outcome = log.append(name, expected, events);
    const answer = new streams.AppendResp();
    if (outcome.kind === 'wrong_expected_version') {
      const wrong = new streams.AppendResp.WrongExpectedVersion();
      if (outcome.current === null) wrong.setCurrentNoStream(new shared.Empty());
      else wrong.setCurrentRevision(outcome.current.toString());
      if (expected.kind === 'revision') wrong.setExpectedRevision(expected.revision.toString());
      else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new shared.Empty());
      else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new shared.Empty());
      else wrong.setExpectedAny(new shared.Empty());
      answer.setWrongExpectedVersion(wrong);
      return callback(null, answer);
    }
    const success = new streams.AppendResp.Success();
    success.setCurrentRevision(outcome.revision.toString());
    if (outcome.kind === 'written') {
      const position = new streams.AppendResp.Position();
      position.setCommitPosition(outcome.commit.toString());
      position.setPreparePosition(outcome.prepare.toString());
      success.setPosition(position);
    } else {
      // A recognised retry was not written again, so it has no position of its own.
      success.setNoPosition(new shared.Empty());
    }
    answer.setSuccess(success);
    callback(null, answer);
  });
}

function batchAppend(
  log: FakeLog,
  call: ServerDuplexStream<BatchAppendReq, BatchAppendResp>,
): void {
  // A request may come in several chunks: options on the first, is_final on the last.
  const pending = new Map<
    string,
    { streamName: string; expected: ExpectedRevision; events: ProposedEvent[] }
  >();
  call.on('data', (request: BatchAppendReq) => {
    const correlation = request.getCorrelationId();
    const key = uuidString(correlation);
    const options = request.getOptions();
    if (options) {
      pending.set(key, {
        streamName: streamName(options.getStreamIdentifier()),
        expected: options.hasStreamPosition()
          ? { kind: 'revision', revision: BigInt(options.getStreamPosition()) }
          : options.hasNoStream()
            ? { kind: 'no_stream' }
            : options.hasStreamExists()
              ? { kind: 'stream_exists' }
              : { kind: 'any' },
        events: [],
      });
    }
    const batch = pending.get(key);
    if (!batch) return;
    batch.events.push(...request.getProposedMessagesList().map(proposed));
    if (!request.getIsFinal()) return;
    pending.delete(key);
    const outcome = log.append(batch.streamName, batch.expected, batch.events);
    const answer = new streams.BatchAppendResp();
    answer.setCorrelationId(correlation);
    answer.setStreamIdentifier(streamIdentifier(batch.streamName));
    const { expected } = batch;
    if (expected.kind === 'revision') answer.setStreamPosition(expected.revision.toString());
    else if (expected.kind === 'no_stream') answer.setNoStream(new wellKnown.Empty());
    else if (expected.kind === 'stream_exists') answer.setStreamExists(new wellKnown.Empty());
    else answer.setAny(new wellKnown.Empty());
    if (outcome.kind === 'wrong_expected_version') {
      answer.setError(wrongExpectedVersionStatus(outcome.current, expected));
    } else {
      const success = new streams.BatchAppendResp.Success();
      success.setCurrentRevision(outcome.revision.toString());
      if (outcome.kind === 'written') {
        const position = new shared.AllStreamPosition();
        position.setCommitPosition(outcome.commit.toString());
        position.setPreparePosition(outcome.prepare.toString());
        success.setPosition(position);
      } else {
        success.setNoPosition(new wellKnown.Empty());
      }
      answer.setSuccess(success);
    }
    call.write(answer);
  });
  call.on('end', () => call.end());
}

/** BatchAppend reports failures as a google.rpc.Status whose details name the error type. */
function wrongExpectedVersionStatus(current: bigint | null, expected: ExpectedRevision) {
  const wrong = new shared.WrongExpectedVersion();
  if (current === null) wrong.setCurrentNoStream(new wellKnown.Empty());
  else wrong.setCurrentStreamRevision(current.toString());
  if (expected.kind === 'revision') wrong.setExpectedStreamPosition(expected.revision.toString());
  else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new wellKnown.Empty());
  else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new wellKnown.Empty());
  else wrong.setExpectedAny(new wellKnown.Empty());
  const details = new wellKnown.Any();
  details.pack(wrong.serializeBinary(), 'event_store.client.WrongExpectedVersion');
  const failure = new status.Status();
  failure.setCode(FAILED_PRECONDITION);
  failure.setMessage('WrongExpectedVersion');
  failure.setDetails(details);
  return failure;
}

/** google.rpc.Code.FAILED_PRECONDITION (code.proto). */
const FAILED_PRECONDITION = 9;

function proposed(
  message:
    | InstanceType<typeof streams.AppendReq.ProposedMessage>
    | InstanceType<typeof streams.BatchAppendReq.ProposedMessage>,
): ProposedEvent {
  const metadata = message.getMetadataMap();
  return {
    id: uuidString(message.getId()),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}

function streamName(identifier: InstanceType<typeof shared.StreamIdentifier> | undefined): string {
  return Buffer.from(identifier?.getStreamName_asU8() ?? []).toString('utf8');
}

function streamIdentifier(name: string) {
  const identifier = new shared.StreamIdentifier();
  identifier.setStreamName(Buffer.from(name, 'utf8'));
  return identifier;
}

// ── UUIDs: as a string, or as two signed 64-bit halves (the "structured" form) ──────────────

function uuidString(id: Uuid | undefined): string {
  if (!id) return '';
  const structured = id.getStructured();
  if (!structured) return id.getString();
  const hex = (value: string) => BigInt.asUintN(64, BigInt(value)).toString(16).padStart(16, '0');
  const most = hex(structured.getMostSignificantBits());
  const least = hex(structured.getLeastSignificantBits());
  return `${most.slice(0, 8)}-${most.slice(8, 12)}-${most.slice(12)}-${least.slice(0, 4)}-${least.slice(4)}`;
}

function uuid(value: string, structuredForm: boolean): Uuid {
  const id = new shared.UUID();
  if (!structuredForm) return id.setString(value);
  const hex = value.replaceAll('-', '');
  const structured = new shared.UUID.Structured();
  structured.setMostSignificantBits(BigInt.asIntN(64, BigInt(`0x${hex.slice(0, 16)}`)).toString());
  structured.setLeastSignificantBits(BigInt.asIntN(64, BigInt(`0x${hex.slice(16)}`)).toString());
  return id.setStructured(structured);
}
