import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DuplicateEventIdsError,
  type EventStore,
  type NewEvent,
  NO_STREAM,
  type Position,
  type RecordedEvent,
  type Subscription,
  WrongExpectedVersionError,
} from './event-store.port';
import { chaosRuns, chaosViolations, runChaos, sleep } from './testing/chaos.harness';
import { describeUnstorableEvents } from './unstorable-events.contract';

export interface EventStoreUnderTest {
  store: EventStore;
  teardown(): Promise<void>;
}

export interface ContractOptions {
  /** The factory gives an empty store each time (true for PostgreSQL schemas, not KurrentDB). */
  freshStore?: boolean;
}

/**
 * The executable definition of the EventStore port. Every test writes to streams with unique
 * names and reads $all only after a head it noted, so it also passes on a shared server.
 */
export function testEventStore(
  adapterName: string,
  factory: () => Promise<EventStoreUnderTest>,
  options: ContractOptions = {},
): void {
  describe(`EventStore contract: ${adapterName}`, () => {
    let store: EventStore;
    let teardown: () => Promise<void>;
    const subscriptions: Subscription[] = [];

    beforeEach(async () => {
      ({ store, teardown } = await factory());
    });
    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
      await teardown();
    });

    const stream = (kind = 'contract') => `${kind}-${randomUUID()}`;
    const event = (type = 'ThingHappened', n = 0): NewEvent => ({
      id: randomUUID(),
      type,
      data: { n, nested: { list: [1, 'two', null, true], text: 'é "quoted" \\' } },
      metadata: { actor: 'contract', correlationId: randomUUID() },
    });

    /** Readers may lag writers (an older transaction elsewhere still open); wait for the head. */
    const waitForHead = async (position: Position) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const head = await store.headPosition();
        if (head !== null && head >= position) return;
        if (Date.now() > deadline) throw new Error(`head ${head} never reached ${position}`);
        await sleep(20);
      }
    };

    const readAllAfter = async (after: Position | null, limit: number, streams: Set<string>) => {
      const all: RecordedEvent[] = [];
      let cursor = after;
      for (;;) {
        const page = await store.readAll({ after: cursor, limit });
        expect(page.length).toBeLessThanOrEqual(limit);
        const last = page.at(-1);
        if (!last) return all;
        all.push(...page.filter((e) => streams.has(e.streamName)));
        cursor = last.position;
      }
    };

    const collect = (after: Position | null, streams: Set<string>, batchSize?: number) => {
      const received: RecordedEvent[] = [];
      const batches: number[] = [];
      const subscription = store.subscribe({ after, batchSize }, async (events) => {
        batches.push(events.length);
        received.push(...events.filter((e) => streams.has(e.streamName)));
      });
      subscriptions.push(subscription);
      const waitFor = async (count: number) => {
        const deadline = Date.now() + 15_000;
        while (received.length < count && Date.now() < deadline) await sleep(10);
        expect(received.length).toBe(count);
      };
      return { received, batches, subscription, waitFor };
    };

    const expectWrongVersion = async (promise: Promise<unknown>, actual: number) => {
      const error = await promise.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      if (error instanceof WrongExpectedVersionError) expect(error.actual).toBe(actual);
      return error;
    };

    it('appends and reads a stream back exactly, with versions and increasing positions', async () => {
      const name = stream();
      const events = [event('A', 1), event('B', 2), event('C', 3)];
      const result = await store.append(name, events, { expectedVersion: NO_STREAM });
      expect(result.nextExpectedVersion).toBe(2);

      const read = await store.readStream(name);
      expect(read.currentVersion).toBe(2);
      expect(
        read.events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })),
      ).toEqual(events);
      expect(read.events.map((e) => e.streamVersion)).toEqual([0, 1, 2]);
      expect(read.events.every((e) => e.streamName === name)).toBe(true);
      expect(read.events.every((e) => !Number.isNaN(Date.parse(e.recordedAt)))).toBe(true);
      const positions = read.events.map((e) => e.position);
      expect([...positions].sort()).toEqual(positions);
      expect(new Set(positions).size).toBe(3);
      expect(read.events.at(-1)?.position).toBe(result.position);

      const next = await store.append(name, [event('D')], { expectedVersion: 2 });
      expect(next.nextExpectedVersion).toBe(3);
      expect(next.position > result.position).toBe(true);
    });

    it('rejects an empty append', async () => {
      await expect(store.append(stream(), [])).rejects.toThrow(RangeError);
    });

    it('checks the expected version and reports the actual one', async () => {
      const name = stream();
      await expectWrongVersion(store.append(name, [event()], { expectedVersion: 0 }), NO_STREAM);
      await expectWrongVersion(
        store.append(name, [event()], { expectedVersion: 'stream_exists' }),
        NO_STREAM,
      );
      await store.append(name, [event(), event()], { expectedVersion: NO_STREAM });

      const error = await expectWrongVersion(
        store.append(name, [event()], { expectedVersion: NO_STREAM }),
        1,
      );
      expect(error).toMatchObject({ streamName: name, expected: NO_STREAM });
      await expectWrongVersion(store.append(name, [event()], { expectedVersion: 0 }), 1);
      await expectWrongVersion(store.append(name, [event()], { expectedVersion: 5 }), 1);
      expect((await store.readStream(name)).events).toHaveLength(2);

      await store.append(name, [event()], { expectedVersion: 1 });
      await store.append(name, [event()], { expectedVersion: 'stream_exists' });
      await store.append(name, [event()], { expectedVersion: 'any' });
      await store.append(name, [event()]);
      expect((await store.readStream(name)).currentVersion).toBe(5);
      expect(
        (await store.append(stream(), [event()], { expectedVersion: 'any' })).nextExpectedVersion,
      ).toBe(0);
    });

    it('lets exactly one of many concurrent appends with the same expected version win', async () => {
      const name = stream();
      await store.append(name, [event()], { expectedVersion: NO_STREAM });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          store.append(name, [event('Race', i)], { expectedVersion: 0 }),
        ),
      );
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(11);
      for (const reason of lost) {
        expect(reason).toBeInstanceOf(WrongExpectedVersionError);
        expect((reason as WrongExpectedVersionError).actual).toBe(1);
      }
      const read = await store.readStream(name);
      expect(read.events.map((e) => e.streamVersion)).toEqual([0, 1]);
    });

    it('treats a retried append with the same event ids as done, writing nothing', async () => {
      const before = await store.headPosition();
      const name = stream();
      const events = [event('A'), event('B')];
      const first = await store.append(name, events, { expectedVersion: NO_STREAM });
      const retried = await store.append(name, events, { expectedVersion: NO_STREAM });
      expect(retried).toEqual(first);
      await store.append(name, [event('C')], { expectedVersion: 1 });
      // Even after the stream moved on, the retry is recognised rather than rejected.
      expect(await store.append(name, events, { expectedVersion: NO_STREAM })).toEqual(first);

      const read = await store.readStream(name);
      expect(read.events.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      await waitForHead(read.events.at(-1)?.position ?? '');
      const all = await readAllAfter(before, 100, new Set([name]));
      expect(all.map((e) => e.id)).toEqual(read.events.map((e) => e.id));
    });

    it('recognises a retry at the current expected version: the same ids write nothing', async () => {
      const before = await store.headPosition();
      const name = stream();
      const events = [event('A'), event('B')];
      const first = await store.append(name, events, { expectedVersion: NO_STREAM });
      // The caller read the stream again (it holds these events now) and retries with its version.
      expect(await store.append(name, events, { expectedVersion: 1 })).toEqual(first);
      expect(await store.append(name, events, { expectedVersion: 'any' })).toEqual(first);
      expect(await store.append(name, events, { expectedVersion: 'stream_exists' })).toEqual(first);
      const last = event('C');
      const third = await store.append(name, [last], { expectedVersion: 1 });
      expect(await store.append(name, [last], { expectedVersion: 2 })).toEqual(third);
      expect(await store.append(name, events, { expectedVersion: 2 })).toEqual(first);

      const read = await store.readStream(name);
      expect(read.events.map((e) => e.type)).toEqual(['A', 'B', 'C']);
      expect(read.currentVersion).toBe(2);
      await waitForHead(third.position);
      const all = await readAllAfter(before, 100, new Set([name]));
      expect(all.map((e) => e.id)).toEqual([...events, last].map((e) => e.id));
    });

    it('refuses an append whose ids are partly stored already, writing none of it', async () => {
      const before = await store.headPosition();
      const name = stream();
      const [a, b] = [event('A'), event('B')];
      const first = await store.append(name, [a, b], { expectedVersion: NO_STREAM });
      for (const expectedVersion of [1, 'any', 'stream_exists'] as const) {
        for (const overlapping of [
          [b, event('C')],
          [event('C'), a],
        ]) {
          const error = await store.append(name, overlapping, { expectedVersion }).then(
            () => null,
            (caught: unknown) => caught,
          );
          expect(error).toBeInstanceOf(DuplicateEventIdsError);
          expect(error).toMatchObject({
            streamName: name,
            storedIds: overlapping.filter((e) => e === a || e === b).map((e) => e.id),
          });
        }
      }
      const read = await store.readStream(name);
      expect(read.events.map((e) => e.id)).toEqual([a.id, b.id]);
      await waitForHead(first.position);
      const all = await readAllAfter(before, 100, new Set([name]));
      expect(all.map((e) => e.id)).toEqual([a.id, b.id]);
    });

    it('gives the same recorded events through readStream, readAll and subscribe (live and catch-up)', async () => {
      const before = await store.headPosition();
      const name = stream();
      const streams = new Set([name]);
      const live = collect(before, streams);
      await store.append(name, [event('A', 1), event('B', 2)], { expectedVersion: NO_STREAM });
      const last = await store.append(name, [event('C', 3)], { expectedVersion: 1 });
      await waitForHead(last.position);

      const fromStream = (await store.readStream(name)).events;
      const fromAll = await readAllAfter(before, 2, streams);
      const caughtUp = collect(before, streams, 1);
      await live.waitFor(3);
      await caughtUp.waitFor(3);
      expect(fromStream).toHaveLength(3);
      // Every field, recordedAt and position included: a projection fed by the subscription and
      // a rebuild fed by readAll must write the same rows.
      expect(fromAll).toEqual(fromStream);
      expect(live.received).toEqual(fromStream);
      expect(caughtUp.received).toEqual(fromStream);
    });

    it('reads a stream from a version with a maximum count', async () => {
      const name = stream();
      await store.append(
        name,
        Array.from({ length: 10 }, (_, i) => event('N', i)),
      );
      const slice = await store.readStream(name, { fromVersion: 3, maxCount: 4 });
      expect(slice.events.map((e) => e.streamVersion)).toEqual([3, 4, 5, 6]);
      expect(slice.events.map((e) => e.data.n)).toEqual([3, 4, 5, 6]);
      expect(slice.currentVersion).toBe(9);
      expect(await store.readStream(name, { fromVersion: 10 })).toEqual({
        events: [],
        currentVersion: 9,
      });
      expect((await store.readStream(name, { maxCount: 2 })).events).toHaveLength(2);
      expect(await store.readStream(stream('missing'))).toEqual({
        events: [],
        currentVersion: NO_STREAM,
      });
    });

    it('pages through readAll by position with no duplicates and no gaps', async () => {
      const before = await store.headPosition();
      const names = Array.from({ length: 5 }, () => stream());
      const appended: string[] = [];
      let last = '';
      for (let round = 0; round < 5; round++) {
        for (const name of names) {
          const events = Array.from({ length: 1 + (round % 3) }, () => event('Paged', round));
          last = (await store.append(name, events)).position;
          appended.push(...events.map((e) => e.id));
        }
      }
      await waitForHead(last);
      const streams = new Set(names);
      for (const limit of [1, 7, 1000]) {
        const all = await readAllAfter(before, limit, streams);
        expect(all.map((e) => e.id)).toEqual(appended);
        const positions = all.map((e) => e.position);
        expect(positions.every((p, i) => i === 0 || p > (positions[i - 1] ?? ''))).toBe(true);
      }
      const firstTwo = (await readAllAfter(before, 1000, streams)).slice(0, 2);
      const afterFirst = await store.readAll({ after: firstTwo[0]?.position ?? null, limit: 1 });
      expect(afterFirst[0]?.id).toBe(firstTwo[1]?.id);
    });

    it('subscribes: catches up, then delivers live appends in order', async () => {
      const before = await store.headPosition();
      const name = stream();
      await store.append(name, [event('Old', 0), event('Old', 1), event('Old', 2)]);
      await store.append(stream('other'), [event('Ignored')]);
      const { received, batches, waitFor } = collect(before, new Set([name]), 2);
      await waitFor(3);
      expect(Math.max(...batches)).toBeLessThanOrEqual(2);

      for (let i = 3; i < 8; i++) await store.append(name, [event('Live', i)]);
      await waitFor(8);
      expect(received.map((e) => e.data.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(received.map((e) => e.streamVersion)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      const fromMiddle = collect(received[4]?.position ?? null, new Set([name]));
      await fromMiddle.waitFor(3);
      expect(fromMiddle.received.map((e) => e.streamVersion)).toEqual([5, 6, 7]);
    });

    it('stops delivering after stop() and waits for the handler in flight', async () => {
      const name = stream();
      const before = await store.headPosition();
      let handling = false;
      let stopping = false;
      let finishedAfterStop = false;
      const received: RecordedEvent[] = [];
      const subscription = store.subscribe({ after: before }, async (events) => {
        handling = true;
        await sleep(200);
        received.push(...events.filter((e) => e.streamName === name));
        handling = false;
        finishedAfterStop = stopping;
      });
      await store.append(name, [event()]);
      while (!handling) await sleep(5);
      stopping = true;
      await subscription.stop();
      expect(handling).toBe(false);
      expect(finishedAfterStop).toBe(true);
      await expect(subscription.done).resolves.toBeUndefined();

      const count = received.length;
      await store.append(name, [event()]);
      await sleep(600);
      expect(received.length).toBe(count);
    });

    it('ends the subscription with the handler error', async () => {
      const before = await store.headPosition();
      const name = stream();
      let calls = 0;
      const subscription = store.subscribe({ after: before }, async (events) => {
        if (events.some((e) => e.streamName === name)) {
          calls++;
          throw new Error('projection broke');
        }
      });
      subscriptions.push(subscription);
      await store.append(name, [event()]);
      await expect(subscription.done).rejects.toThrow('projection broke');
      await store.append(name, [event()]);
      await sleep(400);
      expect(calls).toBe(1);
    });

    it('reports the head position of the newest readable event', async () => {
      if (options.freshStore) expect(await store.headPosition()).toBeNull();
      const first = await store.append(stream(), [event()]);
      await waitForHead(first.position);
      const second = await store.append(stream(), [event(), event()]);
      await waitForHead(second.position);
      if (options.freshStore) expect(await store.headPosition()).toBe(second.position);
      const tail = await store.readAll({ after: first.position, limit: 10 });
      expect(tail.at(-1)?.position).toBe(second.position);
    });

    it('reports the newest committed event at once: every acknowledged append is at or before it', async () => {
      if (options.freshStore) expect(await store.committedHeadPosition()).toBeNull();
      for (const count of [1, 3]) {
        const appended = await store.append(
          stream(),
          Array.from({ length: count }, () => event()),
        );
        // No wait: unlike the readable head, it never lags an acknowledged append.
        const committed = await store.committedHeadPosition();
        expect(committed !== null && committed >= appended.position).toBe(true);
        if (options.freshStore) expect(committed).toBe(appended.position);
      }
    });

    // ── Events PostgreSQL cannot store (storable-event.ts): their own block and file. ──
    describeUnstorableEvents(() => store);

    describe('chaos', () => {
      for (let run = 1; run <= chaosRuns(); run++) {
        it(`16 writers on 12 streams, a subscriber throughout: every event once, in order (run ${run})`, async () => {
          const streamNames = Array.from({ length: 12 }, () => stream('chaos'));
          const report = await runChaos({ store, streamNames, writers: 16, appendsPerWriter: 25 });
          expect(chaosViolations(report)).toEqual([]);
          expect(report.delivered.length).toBe(report.committed.size);
          expect(report.committed.size).toBeGreaterThanOrEqual(16 * 25);
        });
      }
    });
  });
}
