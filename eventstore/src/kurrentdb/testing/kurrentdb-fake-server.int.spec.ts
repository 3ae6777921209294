import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  excludeSystemEvents,
  FORWARDS,
  type JSONEventType,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  type ResolvedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type KurrentDbFake, startKurrentDbFake } from './kurrentdb-fake-server';

/*
 * What the fake answers the real client (@kurrent/kurrentdb-client, both its Rust reads and its
 * gRPC-JS appends and subscriptions), rule by rule: these are the KurrentDB behaviours the
 * adapter is written against, the awkward ones included.
 */
describe('KurrentDB protocol fake, seen through the real client', () => {
  let fake: KurrentDbFake;
  let client: KurrentDBClient;

  const start = async (idempotencyWindow?: number) => {
    fake = await startKurrentDbFake(idempotencyWindow === undefined ? {} : { idempotencyWindow });
    client = KurrentDBClient.connectionString(fake.connectionString);
  };
  beforeEach(() => start());
  afterEach(async () => {
    await client.dispose();
    await fake.stop();
  });

  const event = (type = 'Happened', data: Record<string, number> = {}) =>
    jsonEvent<JSONEventType>({ id: randomUUID(), type, data, metadata: { by: 'spec' } });
  const readStream = async (name: string) => {
    const events: ResolvedEvent[] = [];
    for await (const resolved of client.readStream(name)) events.push(resolved);
    return events;
  };

  it('appends and reads back with revisions, metadata, content type and positions', async () => {
    const name = `s-${randomUUID()}`;
    const result = await client.appendToStream(name, [event('A', { n: 1 }), event('B')], {
      streamState: NO_STREAM,
    });
    expect(result.nextExpectedRevision).toBe(1n);
    const [first, second] = (await readStream(name)).map((resolved) => resolved.event);
    expect(first).toMatchObject({
      type: 'A',
      data: { n: 1 },
      metadata: { by: 'spec' },
      isJson: true,
    });
    expect([first?.revision, second?.revision]).toEqual([0n, 1n]);
    // The events of one append share the commit position and have their own prepare positions.
    expect(second?.position?.commit).toBe(first?.position?.commit);
    expect((second?.position?.prepare ?? 0n) > (first?.position?.prepare ?? 0n)).toBe(true);
    expect(result.position).toEqual(second?.position);
  });

  it('reports a wrong expected version with the current revision, for every kind of expectation', async () => {
    const name = `s-${randomUUID()}`;
    await expect(
      client.appendToStream(name, event(), { streamState: STREAM_EXISTS }),
    ).rejects.toMatchObject({ actualState: NO_STREAM, expectedState: STREAM_EXISTS });
    await expect(client.appendToStream(name, event(), { streamState: 0n })).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
    await client.appendToStream(name, [event(), event()], { streamState: NO_STREAM });
    await expect(
      client.appendToStream(name, event(), { streamState: NO_STREAM }),
    ).rejects.toMatchObject({ actualState: 1n, expectedState: NO_STREAM });
    await expect(client.appendToStream(name, event(), { streamState: 5n })).rejects.toMatchObject({
      actualState: 1n,
      expectedState: 5n,
    });
    await client.appendToStream(name, event(), { streamState: 1n });
    await client.appendToStream(name, event(), { streamState: STREAM_EXISTS });
    expect((await readStream(name)).map((r) => r.event?.revision)).toEqual([0n, 1n, 2n, 3n]);
  });

  it('recognises a retry at the first append’s expected revision, refuses a partial one', async () => {
    const name = `s-${randomUUID()}`;
    const events = [event('A'), event('B')];
    await client.appendToStream(name, events, { streamState: NO_STREAM });
    await client.appendToStream(name, event('C'), { streamState: 1n });
    const retried = await client.appendToStream(name, events, { streamState: NO_STREAM });
    expect(retried).toMatchObject({ success: true, nextExpectedRevision: 1n, position: undefined });
    // Only the first id matching: KurrentDB calls that a wrong expected version.
    await expect(
      client.appendToStream(name, [events[0] ?? event(), event('D')], { streamState: NO_STREAM }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect((await readStream(name)).map((r) => r.event?.type)).toEqual(['A', 'B', 'C']);
  });

  it('writes the same ids again at the current revision: the id check is not made there', async () => {
    const name = `s-${randomUUID()}`;
    const events = [event('A'), event('B')];
    await client.appendToStream(name, events, { streamState: NO_STREAM });
    await client.appendToStream(name, events, { streamState: 1n });
    const stored = await readStream(name);
    expect(stored.map((r) => r.event?.type)).toEqual(['A', 'B', 'A', 'B']);
    expect(stored[2]?.event?.id).toBe(stored[0]?.event?.id);
  });

  it('checks ids for any/stream_exists only within a window of recent writes', async () => {
    await client.dispose();
    await fake.stop();
    await start(3);
    const name = `s-${randomUUID()}`;
    const events = [event('A'), event('B')];
    await client.appendToStream(name, events, { streamState: NO_STREAM });
    expect(await client.appendToStream(name, events, { streamState: ANY })).toMatchObject({
      nextExpectedRevision: 1n,
      position: undefined,
    });
    // Ids pushed out of the window: the same events are written a second time.
    await client.appendToStream(`other-${randomUUID()}`, [event(), event(), event()]);
    await client.appendToStream(name, events, { streamState: STREAM_EXISTS });
    expect((await readStream(name)).map((r) => r.event?.type)).toEqual(['A', 'B', 'A', 'B']);
  });

  it('reads streams both ways, and says when a stream does not exist', async () => {
    const name = `s-${randomUUID()}`;
    await client.appendToStream(
      name,
      [0, 1, 2, 3].map((n) => event('N', { n })),
    );
    const revisions = async (options: Parameters<KurrentDBClient['readStream']>[1]) => {
      const found: bigint[] = [];
      for await (const r of client.readStream(name, options)) found.push(r.event?.revision ?? -1n);
      return found;
    };
    expect(await revisions({ fromRevision: 1n, maxCount: 2 })).toEqual([1n, 2n]);
    expect(await revisions({ fromRevision: END, direction: BACKWARDS, maxCount: 1 })).toEqual([3n]);
    expect(await revisions({ fromRevision: 2n, direction: BACKWARDS })).toEqual([2n, 1n, 0n]);
    expect(await revisions({ fromRevision: 9n, direction: FORWARDS })).toEqual([]);
    await expect(readStream(`missing-${randomUUID()}`)).rejects.toBeInstanceOf(StreamNotFoundError);
  });

  it('reads $all from a position (inclusive forwards, exclusive backwards), filtering system events', async () => {
    const unfiltered: string[] = [];
    for await (const r of client.readAll({ fromPosition: START }))
      unfiltered.push(r.event?.type ?? '');
    expect(unfiltered).toEqual(['$ProjectionsInitialized']);
    await client.appendToStream(`s-${randomUUID()}`, [event('A'), event('B'), event('C')]);
    const all: ResolvedEvent[] = [];
    for await (const r of client.readAll({ fromPosition: START, filter: excludeSystemEvents() })) {
      all.push(r);
    }
    expect(all.map((r) => r.event?.type)).toEqual(['A', 'B', 'C']);
    const middle = all[1]?.event?.position ?? START;
    const types = async (options: Parameters<KurrentDBClient['readAll']>[0]) => {
      const found: string[] = [];
      for await (const r of client.readAll({ ...options, filter: excludeSystemEvents() })) {
        found.push(r.event?.type ?? '');
      }
      return found;
    };
    expect(await types({ fromPosition: middle })).toEqual(['B', 'C']);
    expect(await types({ fromPosition: middle, direction: BACKWARDS })).toEqual(['A']);
    expect(await types({ fromPosition: END, direction: BACKWARDS, maxCount: 1 })).toEqual(['C']);
  });

  it('subscribes to $all strictly after a position, then follows live writes', async () => {
    await client.appendToStream(`s-${randomUUID()}`, [event('A'), event('B')]);
    const [first] = await (async () => {
      const found: ResolvedEvent[] = [];
      for await (const r of client.readAll({ filter: excludeSystemEvents() })) found.push(r);
      return found;
    })();
    const subscription = client.subscribeToAll({
      fromPosition: first?.event?.position ?? START,
      filter: excludeSystemEvents(),
    });
    const received: string[] = [];
    subscription.on('data', (r: ResolvedEvent) => received.push(r.event?.type ?? ''));
    await client.appendToStream(`s-${randomUUID()}`, event('Live'));
    const deadline = Date.now() + 5_000;
    while (received.length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    await subscription.unsubscribe();
    expect(received).toEqual(['B', 'Live']);
  });

  it('sends the recorded time in ticks: the client reads it to the second, subscribes to the millisecond', async () => {
    const name = `s-${randomUUID()}`;
    await client.appendToStream(name, event());
    const [read] = await readStream(name);
    const subscription = client.subscribeToStream(name, { fromRevision: START });
    const live = await new Promise<ResolvedEvent>((resolve) => subscription.once('data', resolve));
    await subscription.unsubscribe();
    const [fromRead, fromSubscription] = [read?.event?.created, live.event?.created];
    expect((fromRead?.getTime() ?? 1) % 1000).toBe(0);
    expect(Math.floor((fromSubscription?.getTime() ?? 0) / 1000) * 1000).toBe(fromRead?.getTime());
  });
});
