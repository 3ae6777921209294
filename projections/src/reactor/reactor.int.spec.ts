import type { RecordedEvent } from '@shortlist/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProjectionTestContext,
  type ProjectionTestContext,
  recordedEvents,
} from '../testing';
import { type Reactor, reactorSubscriber, readReactorCheckpoint } from './reactor';

let ctx: ProjectionTestContext;

beforeAll(async () => {
  ctx = await createProjectionTestContext('reactor');
});
afterAll(async () => {
  await ctx?.drop();
});

const events = recordedEvents(
  Array.from({ length: 6 }, (_, i) => ({
    streamName: `order-${i}`,
    type: i === 3 ? 'OrderPaid' : 'OrderPlaced',
  })),
);
const control = { stopping: () => false };

describe('reactor checkpoints', () => {
  it('stores a batch that handled an event at its end, and passed-over events by the idle heartbeat', async () => {
    const handled: RecordedEvent[] = [];
    const reactor: Reactor = {
      name: 'paid-orders',
      handles: ['OrderPaid'],
      handle: async (event) => {
        handled.push(event);
      },
    };
    await ctx.db.connection().execute(async (conn) => {
      const session = await reactorSubscriber(reactor).open(conn);
      const stored = () => readReactorCheckpoint(ctx.db, reactor.name);

      await session.handle(events.slice(0, 2), control);
      // Nothing handled: no write for this batch.
      expect(await stored()).toBeNull();

      await session.handle(events.slice(2, 5), control);
      // One write for the batch, at its end (not one per handled event).
      expect(handled.map((event) => event.type)).toEqual(['OrderPaid']);
      expect(await stored()).toBe(events[4]?.position);

      await session.handle(events.slice(5), control);
      await session.heartbeat();
      expect(await stored()).toBe(events[5]?.position);
    });
  });

  it('stores the events before a failing one, so the retry starts at the one that failed', async () => {
    const failing = events[4];
    const reactor: Reactor = {
      name: 'fails-on-the-fifth',
      handles: ['OrderPlaced', 'OrderPaid'],
      handle: async (event) => {
        if (event.id === failing?.id) throw new Error('mail server away');
      },
    };
    await ctx.db.connection().execute(async (conn) => {
      const session = await reactorSubscriber(reactor).open(conn);
      await expect(session.handle(events, control)).rejects.toThrow('mail server away');
      expect(await readReactorCheckpoint(ctx.db, reactor.name)).toBe(events[3]?.position);
    });
    // A fresh session (the subscriber's retry) is delivered the failed event first.
    await ctx.db.connection().execute(async (conn) => {
      const session = await reactorSubscriber(reactor).open(conn);
      expect(session.position).toBe(events[3]?.position);
    });
  });
});
