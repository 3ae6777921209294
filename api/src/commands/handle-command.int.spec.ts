import { randomUUID } from 'node:crypto';
import type { Command, Decider, DomainEvent } from '@shortlist/domain';
import { DomainError, eventCatalogue } from '@shortlist/domain';
import {
  createPostgresEventStore,
  type EventStore,
  migratePostgresEventStore,
  WrongExpectedVersionError,
} from '@shortlist/eventstore';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deterministicEventId } from './deterministic-event-id';
import { handleCommand } from './handle-command';

// A tiny counter aggregate: each event records the total it produced, so a lost update would
// show as two events with the same total.
type Increment = Command<'Increment', { by: number }>;
type Incremented = DomainEvent<'Incremented', { by: number; total: number }>;
interface Counter {
  total: number;
}
const LIMIT = 100;
const counter: Decider<Counter, Increment, Incremented> = {
  catalogue: eventCatalogue<Incremented>()({
    Incremented: z.object({ by: z.number(), total: z.number() }),
  }),
  initialState: () => ({ total: 0 }),
  evolve: (_state, event) => ({ total: event.data.total }),
  decide: (command, state) => {
    const total = state.total + command.data.by;
    if (total > LIMIT) throw new DomainError('conflict', 'The counter is full.');
    if (command.data.by === 0) return [];
    return [{ type: 'Incremented', data: { by: command.data.by, total } }];
  },
};

function increment(by: number): Increment {
  return {
    type: 'Increment',
    data: { by },
    metadata: {
      actor: 'user:u1',
      correlationId: 'corr-1',
      causationId: null,
      now: '2026-01-02T03:04:05.000Z',
    },
  };
}

let database: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('api_cmd');
  await migratePostgresEventStore(database.url);
  store = createPostgresEventStore({ connectionString: database.url, poolMax: 20 });
});

afterAll(async () => {
  await store?.close();
  await database?.drop();
});

/**
 * The real store, except that the first `times` reads of the stream are each followed by another
 * writer's append, before the reader gets its (now stale) answer: the race, made certain.
 */
function interleavedStore(streamName: string, times: number): EventStore {
  let left = times;
  return {
    ...store,
    async readStream(name, ...rest) {
      const read = await store.readStream(name, ...rest);
      if (name === streamName && left > 0) {
        left -= 1;
        await handleCommand({ store, streamName, decider: counter, command: increment(1) });
      }
      return read;
    },
  };
}

describe('handleCommand', () => {
  it('appends the decided events with the command metadata and returns their position', async () => {
    const streamName = `counter-${randomUUID()}`;
    const result = await handleCommand({
      store,
      streamName,
      decider: counter,
      command: increment(2),
    });
    expect(result.nextExpectedVersion).toBe(0);
    expect(result.events).toHaveLength(1);
    const { events } = await store.readStream(streamName);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: result.events[0]?.id,
      type: 'Incremented',
      data: { by: 2, total: 2 },
      metadata: {
        actor: 'user:u1',
        correlationId: 'corr-1',
        causationId: null,
        at: '2026-01-02T03:04:05.000Z',
      },
      position: result.position,
    });
  });

  it('lets concurrent commands on one stream all succeed without losing an update', async () => {
    const streamName = `counter-${randomUUID()}`;
    const writers = 12;
    // Each failed try of a writer means another writer's append landed in between, and each of
    // the other writers appends once: `writers` tries always suffice, however the race goes.
    // (With fewer, the outcome would depend on scheduling luck, not on handleCommand.)
    const results = await Promise.all(
      Array.from({ length: writers }, () =>
        handleCommand({
          store,
          streamName,
          decider: counter,
          command: increment(1),
          maxAttempts: writers,
        }),
      ),
    );
    const { events } = await store.readStream(streamName);
    expect(events.map((event) => event.data.total)).toEqual(
      Array.from({ length: writers }, (_, index) => index + 1),
    );
    expect(results.map((result) => result.nextExpectedVersion).sort((a, b) => a - b)).toEqual(
      Array.from({ length: writers }, (_, index) => index),
    );
  });

  it('retries on the fresh state when another writer appends between its read and its append', async () => {
    const streamName = `counter-${randomUUID()}`;
    const racing = interleavedStore(streamName, 2);
    const result = await handleCommand({
      store: racing,
      streamName,
      decider: counter,
      command: increment(1),
    });
    expect(result.nextExpectedVersion).toBe(2);
    const { events } = await store.readStream(streamName);
    expect(events.map((event) => event.data.total)).toEqual([1, 2, 3]);
  });

  it('gives up with WrongExpectedVersionError when it may not retry', async () => {
    const streamName = `counter-${randomUUID()}`;
    const racing = interleavedStore(streamName, 1);
    const attempt = handleCommand({
      store: racing,
      streamName,
      decider: counter,
      command: increment(1),
      maxAttempts: 1,
    });
    await expect(attempt).rejects.toBeInstanceOf(WrongExpectedVersionError);
    const { events } = await store.readStream(streamName);
    expect(events.map((event) => event.data.total)).toEqual([1]);
  });

  it('surfaces an invariant violation as a DomainError and appends nothing', async () => {
    const streamName = `counter-${randomUUID()}`;
    await handleCommand({ store, streamName, decider: counter, command: increment(LIMIT) });
    const attempt = handleCommand({ store, streamName, decider: counter, command: increment(1) });
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({ kind: 'conflict' });
    expect((await store.readStream(streamName)).events).toHaveLength(1);
  });

  it('appends nothing when decide returns no events', async () => {
    const streamName = `counter-${randomUUID()}`;
    const result = await handleCommand({
      store,
      streamName,
      decider: counter,
      command: increment(0),
    });
    expect(result).toEqual({ events: [], position: null, nextExpectedVersion: -1 });
    expect((await store.readStream(streamName)).events).toHaveLength(0);
  });

  it('writes nothing the second time a policy runs with deterministic event ids', async () => {
    const streamName = `counter-${randomUUID()}`;
    const idFor = (index: number) => deterministicEventId('test:policy', `trigger-1:${index}`);
    const run = () =>
      handleCommand({
        store,
        streamName,
        decider: counter,
        command: increment(5),
        eventIds: idFor,
      });
    const first = await run();
    const second = await run();
    expect(second.position).toBe(first.position);
    const { events } = await store.readStream(streamName);
    expect(events.map((event) => [event.id, event.data.total])).toEqual([[idFor(0), 5]]);
  });

  it('recognises a repeated command by its ids in the stream it loads, never asking the store to append', async () => {
    const streamName = `counter-${randomUUID()}`;
    const idFor = (index: number) => deterministicEventId('test:repeat', `trigger-2:${index}`);
    const command = { streamName, decider: counter, command: increment(5), eventIds: idFor };
    const first = await handleCommand({ store, ...command });
    // Another process (its own stream cache), on a store that counts the appends it is asked for.
    let appendsAsked = 0;
    const counting: EventStore = {
      ...store,
      append: (...args) => {
        appendsAsked += 1;
        return store.append(...args);
      },
    };
    const again = await handleCommand({ store: counting, ...command });
    expect(appendsAsked).toBe(0);
    expect(again.position).toBe(first.position);
    expect(again.events.map((event) => [event.id, event.data.total])).toEqual([[idFor(0), 5]]);
    expect(again.nextExpectedVersion).toBe(0);
    // The same process again (it remembers the stream): still recognised, still no append.
    expect((await handleCommand({ store: counting, ...command })).position).toBe(first.position);
    expect(appendsAsked).toBe(0);
    // A later, different command on the stream is appended as usual.
    await handleCommand({ store: counting, streamName, decider: counter, command: increment(1) });
    expect(appendsAsked).toBe(1);
    const { events } = await store.readStream(streamName);
    expect(events.map((event) => event.data.total)).toEqual([5, 6]);
  });

  it('uses the ids given as a list, in order', async () => {
    const streamName = `counter-${randomUUID()}`;
    const id = randomUUID();
    await handleCommand({
      store,
      streamName,
      decider: counter,
      command: increment(1),
      eventIds: [id],
    });
    expect((await store.readStream(streamName)).events.map((event) => event.id)).toEqual([id]);
  });

  describe('newStream', () => {
    /** The real store, counting the reads of streams. */
    function countingReads(): { store: EventStore; reads: () => number } {
      let reads = 0;
      return {
        store: {
          ...store,
          readStream(...args) {
            reads += 1;
            return store.readStream(...args);
          },
        },
        reads: () => reads,
      };
    }

    it('appends to a stream that does not exist yet without reading it', async () => {
      const streamName = `counter-${randomUUID()}`;
      const counting = countingReads();
      const result = await handleCommand({
        store: counting.store,
        streamName,
        decider: counter,
        command: increment(2),
        newStream: true,
      });
      expect(counting.reads()).toBe(0);
      expect(result.nextExpectedVersion).toBe(0);
      const { events } = await store.readStream(streamName);
      expect(events.map((event) => [event.id, event.data.total])).toEqual([
        [result.events[0]?.id, 2],
      ]);
    });

    it('does not overwrite an existing stream: it reloads and decides on the stored state', async () => {
      const streamName = `counter-${randomUUID()}`;
      // Written through another store (another process): this one remembers nothing of it.
      const other = createPostgresEventStore({ connectionString: database.url, poolMax: 2 });
      try {
        await handleCommand({ store: other, streamName, decider: counter, command: increment(2) });
      } finally {
        await other.close();
      }
      const counting = countingReads();
      const result = await handleCommand({
        store: counting.store,
        streamName,
        decider: counter,
        command: increment(1),
        newStream: true,
      });
      expect(counting.reads()).toBe(1);
      expect(result.nextExpectedVersion).toBe(1);
      const { events } = await store.readStream(streamName);
      expect(events.map((event) => event.data.total)).toEqual([2, 3]);
    });

    it('refuses a command that the stored state refuses, though the initial state would accept it', async () => {
      const streamName = `counter-${randomUUID()}`;
      await handleCommand({ store, streamName, decider: counter, command: increment(LIMIT) });
      const attempt = handleCommand({
        store,
        streamName,
        decider: counter,
        command: increment(1),
        newStream: true,
      });
      await expect(attempt).rejects.toMatchObject({ kind: 'conflict' });
      const { events } = await store.readStream(streamName);
      expect(events.map((event) => event.data.total)).toEqual([LIMIT]);
    });

    it('keeps every update when two commands create the same new stream at once', async () => {
      const streamName = `counter-${randomUUID()}`;
      await Promise.all(
        [1, 2].map(() =>
          handleCommand({
            store,
            streamName,
            decider: counter,
            command: increment(1),
            newStream: true,
          }),
        ),
      );
      const { events } = await store.readStream(streamName);
      expect(events.map((event) => event.data.total)).toEqual([1, 2]);
    });
  });
});
