import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { handleCommand } from '@shortlist/api';
import {
  createPostgresEventStore,
  type EventStore,
  migratePostgresEventStore,
  WrongExpectedVersionError,
} from '@shortlist/eventstore';
import { createTestDatabase } from '@shortlist/eventstore/testing';
import { fmt, now, percentile, printTable, type Row, rateOver } from './bench-stats';
import { counterDecider, type Incremented, increment } from './counter.decider';
import { createEmmettPeer } from './emmett-peer';
import {
  copyRate,
  createBaselineTable,
  insertRate,
  samplePayload,
  scanRate,
  vacuumAnalyze,
} from './postgres-baselines';

/*
 * npm run bench:eventstore — PostgreSQL event store against plain PostgreSQL (the baseline) and
 * Emmett 0.42 (the peer) on the same database, in the same run. Targets are printed, not
 * asserted: the figures depend on the machine.
 */
const WRITERS = 32;
const COMMAND_MS = 8_000;
const BATCH_MS = 5_000;
const BATCH_SIZE = 100;
const BATCH_WRITERS = 4;
const LAG_RATE = 1_000;
const LAG_MS = 10_000;
const COPY_ROWS = 200_000;

/** Streams per writer: short streams, each written by one writer, as orders mostly are. */
const STREAMS_PER_WRITER = 16;

/**
 * `run` on WRITERS loops for COMMAND_MS, each call on one of its writer's streams: the rate and
 * each call's latency (p50, p99).
 */
async function timedCommands(
  prefix: string,
  run: (writer: number, streamName: string) => Promise<void>,
) {
  const latencies: number[] = [];
  const rate = await rateOver(COMMAND_MS, WRITERS, async (writer, iteration) => {
    const started = now();
    await run(writer, `${prefix}-${writer}-${iteration % STREAMS_PER_WRITER}`);
    latencies.push(now() - started);
    return 1;
  });
  latencies.sort((a, b) => a - b);
  return { ...rate, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/**
 * The command path the product uses: api's handleCommand, which decides on the stream state it
 * remembers and appends with that version (the store's expected-version check stays the guard;
 * a refusal reloads). Only a stream's first command here reads it.
 */
function commandRate(store: EventStore) {
  return timedCommands('cmd', async (writer, streamName) => {
    await handleCommand({ store, streamName, decider: counterDecider, command: increment(writer) });
  });
}

/**
 * The reference: the same command with a read of the stream before every append, as
 * handleCommand did before it remembered states. Counts the conflicts it retried.
 */
async function readBeforeEveryAppendRate(store: EventStore) {
  let conflicts = 0;
  const result = await timedCommands('read', async (writer, streamName) => {
    for (;;) {
      const { events, currentVersion } = await store.readStream(streamName);
      const state = events.reduce(
        (current, event) => counterDecider.evolve(current, event as unknown as Incremented),
        counterDecider.initialState(),
      );
      const command = increment(writer);
      const decided = counterDecider.decide(command, state);
      try {
        await store.append(
          streamName,
          decided.map((event) => ({
            id: randomUUID(),
            type: event.type,
            data: event.data,
            metadata: { ...command.metadata, at: command.metadata.now },
          })),
          { expectedVersion: currentVersion },
        );
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        conflicts++;
      }
    }
  });
  return { ...result, conflicts };
}

/** Our bare 1-event append, no read before it: the same work as Emmett's appendToStream. */
async function bareAppendRate(store: EventStore) {
  return rateOver(COMMAND_MS, WRITERS, async (writer, iteration) => {
    await store.append(`bare-${writer}-${iteration % 16}`, [
      { id: randomUUID(), type: 'Incremented', ...samplePayload(iteration) },
    ]);
    return 1;
  });
}

/** A subscription from the first event until it has seen `total`: the consumer's catch-up. */
async function catchUpRate(store: EventStore, total: number) {
  const started = now();
  let count = 0;
  let caughtUp: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    caughtUp = resolve;
  });
  const subscription = store.subscribe({ after: null, batchSize: 1_000 }, async (events) => {
    count += events.length;
    if (count >= total) caughtUp();
  });
  await done;
  const seconds = (now() - started) / 1000;
  await subscription.stop();
  return { perSecond: count / seconds, count, seconds };
}

async function batchRate(store: EventStore) {
  return rateOver(BATCH_MS, BATCH_WRITERS, async (writer, iteration) => {
    const events = Array.from({ length: BATCH_SIZE }, (_, i) => ({
      id: randomUUID(),
      type: 'Imported',
      ...samplePayload(i),
    }));
    await store.append(`batch-${writer}-${iteration}`, events, { expectedVersion: -1 });
    return BATCH_SIZE;
  });
}

async function readAllRate(store: EventStore) {
  const started = now();
  let after: string | null = null;
  let count = 0;
  for (;;) {
    const page = await store.readAll({ after, limit: 1_000 });
    const last = page.at(-1);
    if (!last) break;
    count += page.length;
    after = last.position;
  }
  const seconds = (now() - started) / 1000;
  return { perSecond: count / seconds, count, seconds };
}

/** Appends single events at a steady rate; lag = handler time − time the append was called. */
async function subscriptionLag(store: EventStore) {
  const head = await store.headPosition();
  const sentAt = new Map<string, number>();
  const ackedAt = new Map<string, number>();
  const lags: number[] = [];
  const lagsFromAck: number[] = [];
  const subscription = store.subscribe({ after: head }, async (events) => {
    const received = now();
    for (const event of events) {
      const sent = sentAt.get(event.id);
      if (sent === undefined) continue;
      lags.push(received - sent);
      const acked = ackedAt.get(event.id);
      if (acked !== undefined) lagsFromAck.push(received - acked);
    }
  });
  const started = now();
  let issued = 0;
  const inFlight = new Set<Promise<void>>();
  while (now() - started < LAG_MS) {
    const due = Math.floor(((now() - started) / 1000) * LAG_RATE) - issued;
    for (let i = 0; i < due; i++) {
      const id = randomUUID();
      const streamName = `lag-${issued % 64}`;
      issued++;
      sentAt.set(id, now());
      const append = store
        .append(streamName, [{ id, type: 'Ticked', ...samplePayload(issued) }])
        .then(() => {
          ackedAt.set(id, now());
        });
      inFlight.add(append);
      void append.finally(() => inFlight.delete(append));
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(inFlight);
  const deadline = now() + 5_000;
  while (lags.length < issued && now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await subscription.stop();
  const appendLatency = [...ackedAt].flatMap(([id, acked]) => {
    const sent = sentAt.get(id);
    return sent === undefined ? [] : [acked - sent];
  });
  appendLatency.sort((a, b) => a - b);
  const sorted = [...lags].sort((a, b) => a - b);
  const sortedAck = [...lagsFromAck].sort((a, b) => a - b);
  return {
    issued,
    delivered: lags.length,
    rate: issued / ((now() - started) / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    ackP50: percentile(sortedAck, 50),
    ackP99: percentile(sortedAck, 99),
    appendP50: percentile(appendLatency, 50),
    appendP99: percentile(appendLatency, 99),
  };
}

/** Figures taken while other work runs are not comparable with a quiet run: say which. */
function loadAverage(): string {
  return `load average ${loadavg()
    .map((load) => fmt(load, 2))
    .join(' ')}`;
}

function verdict(ok: boolean, target: string): string {
  return `${target} ${ok ? 'PASS' : 'MISS'}`;
}

async function main() {
  const benchStarted = now();
  const database = await createTestDatabase('bench_es');
  console.log(`database ${database.name}; ${loadAverage()}`);
  try {
    await migratePostgresEventStore(database.url);
    await createBaselineTable(database.url);
    const store = createPostgresEventStore({ connectionString: database.url, poolMax: WRITERS });
    const emmett = createEmmettPeer(database.url);
    try {
      await emmett.migrate();
      const insert = await insertRate(database.url, WRITERS, COMMAND_MS);
      const commands = await commandRate(store);
      const readFirst = await readBeforeEveryAppendRate(store);
      const bare = await bareAppendRate(store);
      const emmettSingle = await emmett.singleAppends(COMMAND_MS, WRITERS);
      const copy = await copyRate(database.url, COPY_ROWS);
      const batches = await batchRate(store);
      const emmettBatches = await emmett.batchAppends(BATCH_MS, BATCH_WRITERS, BATCH_SIZE);
      // Reads are measured on settled tables: the first pass over fresh rows also sets hint bits.
      await vacuumAnalyze(database.url);
      const scan = await scanRate(database.url, 1_000);
      const reads = await readAllRate(store);
      const emmettReads = await emmett.readAll();
      const caughtUp = await catchUpRate(store, reads.count);
      const emmettConsumed = await emmett.consumeAll();
      const emmettStored = await emmett.storedCount();
      const lag = await subscriptionLag(store);

      const ratio = (ours: number, base: number) => `${fmt(ours / base, 2)}x`;
      const peer = (ours: number, theirs: number) => ({
        peer: fmt(theirs),
        peerRatio: ratio(ours, theirs),
      });
      const rows: Row[] = [
        {
          name: `(a) commands/s, ${WRITERS} writers, handleCommand (remembered state)`,
          value: fmt(commands.perSecond),
          baseline: `${fmt(insert.perSecond)} INSERT/s`,
          ratio: ratio(commands.perSecond, insert.perSecond),
          ...peer(commands.perSecond, emmettSingle.perSecond),
          target: verdict(commands.perSecond >= insert.perSecond / 2, '>= 0.5x INSERT'),
        },
        {
          name: '(a) command p50 / p99 ms',
          value: `${fmt(commands.p50, 1)} / ${fmt(commands.p99, 1)}`,
          baseline: `${fmt(insert.p50, 1)} / ${fmt(insert.p99, 1)} INSERT`,
          target: verdict(commands.p99 <= 15, 'p99 <= 15 ms'),
        },
        {
          name: `(a ref) commands/s, ${WRITERS} writers, read before every append`,
          value: fmt(readFirst.perSecond),
          baseline: `${fmt(insert.perSecond)} INSERT/s`,
          ratio: ratio(readFirst.perSecond, insert.perSecond),
          ...peer(readFirst.perSecond, emmettSingle.perSecond),
        },
        {
          name: '(a ref) command p50 / p99 ms',
          value: `${fmt(readFirst.p50, 1)} / ${fmt(readFirst.p99, 1)}`,
        },
        {
          name: `(a') bare 1-event appends/s, ${WRITERS} writers, no read`,
          value: fmt(bare.perSecond),
          baseline: `${fmt(insert.perSecond)} INSERT/s`,
          ratio: ratio(bare.perSecond, insert.perSecond),
          ...peer(bare.perSecond, emmettSingle.perSecond),
        },
        {
          name: `(b) events/s appended in batches of ${BATCH_SIZE}, ${BATCH_WRITERS} writers`,
          value: fmt(batches.perSecond),
          baseline: `${fmt(copy.perSecond)} COPY rows/s`,
          ratio: ratio(batches.perSecond, copy.perSecond),
          ...peer(batches.perSecond, emmettBatches.perSecond),
          target: verdict(batches.perSecond >= 30_000, '>= 30,000'),
        },
        {
          name: `(c) readAll events/s (${fmt(reads.count)} ours, ${fmt(emmettReads.count)} Emmett's, pages of 1,000)`,
          value: fmt(reads.perSecond),
          baseline: `${fmt(scan.perSecond)} rows/s scan`,
          ratio: ratio(reads.perSecond, scan.perSecond),
          ...peer(reads.perSecond, emmettReads.perSecond),
        },
        {
          name: `(c') consumer catch-up events/s from the first event`,
          value: fmt(caughtUp.perSecond),
          ...peer(caughtUp.perSecond, emmettConsumed.perSecond),
        },
        {
          name: `(d) lag p50 ms at ${fmt(lag.rate)} events/s`,
          value: fmt(lag.p50, 1),
        },
        {
          name: '(d) lag p99 ms (append call -> handler)',
          value: fmt(lag.p99, 1),
          target: verdict(lag.p99 <= 100, '<= 100 ms'),
        },
        {
          name: '(d) lag p50 / p99 ms from append ack',
          value: `${fmt(lag.ackP50, 1)} / ${fmt(lag.ackP99, 1)}`,
        },
        {
          name: '(d) append call -> ack p50 / p99 ms',
          value: `${fmt(lag.appendP50, 1)} / ${fmt(lag.appendP99, 1)}`,
        },
      ];
      console.log('');
      printTable(rows);
      console.log('');
      console.log(
        `commands: ${fmt(commands.count)} in ${fmt(commands.seconds, 1)} s; ` +
          `read before every append: ${fmt(readFirst.count)}, ${readFirst.conflicts} conflicts; ` +
          `lag: ${lag.delivered}/${lag.issued} delivered, max ${fmt(lag.max, 1)} ms; ` +
          `total ${fmt((now() - benchStarted) / 1000, 1)} s; ${loadAverage()}`,
      );
      // A read must return every stored event once, in order: say so when the peer's does not.
      console.log(
        `Emmett: ${fmt(emmettStored)} events stored; its read returned ${fmt(emmettReads.count)} ` +
          `(${emmettReads.outOfOrder} out of order), its consumer ${fmt(emmettConsumed.count)}`,
      );
      if (lag.delivered < lag.issued) process.exitCode = 1;
    } finally {
      await emmett.close();
      await store.close();
    }
  } finally {
    await database.drop();
  }
}

if (!process.env.BENCH_NO_MAIN) await main();

export { subscriptionLag };
