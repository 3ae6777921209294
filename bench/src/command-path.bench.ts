/*
 * tsx bench/src/command-path.bench.ts — the single-event command at 32 writers, through the
 * api's handleCommand (decide on the state, append with the expected version), beside the same
 * cycle with a read before every append (what handleCommand did before it remembered stream
 * states) and plain single-row INSERTs, in one run on one database. Issue 13 §2's target: the
 * command rate at least half the INSERT rate, p99 at most 15 ms. Printed, not asserted.
 */
import { randomUUID } from 'node:crypto';
import { handleCommand } from '@shortlist/api';
import type { Command, Decider, DomainEvent } from '@shortlist/domain';
import {
  createPostgresEventStore,
  type EventStore,
  migratePostgresEventStore,
  WrongExpectedVersionError,
} from '@shortlist/eventstore';
import { createTestDatabase } from '@shortlist/eventstore/testing';
import { fmt, now, percentile, printTable, rateOver } from './bench-stats';
import { createBaselineTable, insertRate } from './postgres-baselines';

const WRITERS = 32;
const DURATION_MS = 8_000;
/** Streams per writer: short streams, each written by one writer, as orders mostly are. */
const STREAMS_PER_WRITER = 16;

type Increment = Command<'Increment', { by: number }>;
type Incremented = DomainEvent<'Incremented', { by: number; total: number; note: string }>;

/** A counter that refuses to pass a limit, so `decide` reads the state as a real decider does. */
const counter: Decider<{ total: number }, Increment, Incremented> = {
  initialState: () => ({ total: 0 }),
  evolve: (_state, event) => ({ total: event.data.total }),
  decide(command, state) {
    if (state.total + command.data.by > 1_000_000) throw new Error('counter limit reached');
    const total = state.total + command.data.by;
    return [
      {
        type: 'Incremented',
        data: { by: command.data.by, total, note: 'benchmark payload of a typical small event' },
      },
    ];
  },
};

const increment = (writer: number): Increment => ({
  type: 'Increment',
  data: { by: 1 },
  metadata: {
    actor: `writer-${writer}`,
    correlationId: randomUUID(),
    causationId: null,
    now: new Date().toISOString(),
  },
});

async function timed(run: (writer: number, streamName: string) => Promise<void>, prefix: string) {
  const latencies: number[] = [];
  const rate = await rateOver(DURATION_MS, WRITERS, async (writer, iteration) => {
    const started = now();
    await run(writer, `${prefix}-${writer}-${iteration % STREAMS_PER_WRITER}`);
    latencies.push(now() - started);
    return 1;
  });
  latencies.sort((a, b) => a - b);
  return { ...rate, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** The cycle with a read before every append (handleCommand without remembered states). */
async function loadDecideAppend(store: EventStore, writer: number, streamName: string) {
  for (;;) {
    const stream = await store.readStream(streamName);
    const state = stream.events.reduce(
      (current, event) => counter.evolve(current, event as unknown as Incremented),
      counter.initialState(),
    );
    const decided = counter.decide(increment(writer), state);
    try {
      await store.append(
        streamName,
        decided.map((event) => ({
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: { actor: `writer-${writer}` },
        })),
        { expectedVersion: stream.currentVersion },
      );
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
    }
  }
}

async function main() {
  const database = await createTestDatabase('bench_cmd');
  console.log(`database ${database.name}`);
  try {
    await migratePostgresEventStore(database.url);
    await createBaselineTable(database.url);
    const store = createPostgresEventStore({ connectionString: database.url, poolMax: WRITERS });
    try {
      const insert = await insertRate(database.url, WRITERS, DURATION_MS);
      const reading = await timed(
        (writer, streamName) => loadDecideAppend(store, writer, streamName),
        'read',
      );
      const remembering = await timed(async (writer, streamName) => {
        await handleCommand({ store, streamName, decider: counter, command: increment(writer) });
      }, 'cmd');
      const ratio = (ours: number) => `${fmt(ours / insert.perSecond, 2)}x`;
      printTable([
        {
          name: `commands/s, ${WRITERS} writers, read before every append`,
          value: fmt(reading.perSecond),
          baseline: `${fmt(insert.perSecond)} INSERT/s`,
          ratio: ratio(reading.perSecond),
        },
        {
          name: '  p50 / p99 ms',
          value: `${fmt(reading.p50, 1)} / ${fmt(reading.p99, 1)}`,
        },
        {
          name: `commands/s, ${WRITERS} writers, handleCommand`,
          value: fmt(remembering.perSecond),
          baseline: `${fmt(insert.perSecond)} INSERT/s`,
          ratio: ratio(remembering.perSecond),
          target: `>= 0.5x ${remembering.perSecond >= insert.perSecond / 2 ? 'PASS' : 'MISS'}`,
        },
        {
          name: '  p50 / p99 ms',
          value: `${fmt(remembering.p50, 1)} / ${fmt(remembering.p99, 1)}`,
          target: `p99 <= 15 ${remembering.p99 <= 15 ? 'PASS' : 'MISS'}`,
        },
      ]);
    } finally {
      await store.close();
    }
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
