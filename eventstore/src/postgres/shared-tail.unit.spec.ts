import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../event-store.port';
import { encodePositionPair } from '../position-pair.codec';
import { createSharedTail } from './shared-tail';

/** A store's readAll over an in-memory log, counting the reads that reach it. */
function fakeLog() {
  const events: RecordedEvent[] = [];
  const log = {
    events,
    reads: 0,
    /** Lets the test hold a read open while other callers arrive. */
    gate: null as Promise<void> | null,
    add(count = 1) {
      for (let i = 0; i < count; i++) {
        const n = events.length + 1;
        events.push({
          id: `e${n}`,
          type: 'Happened',
          data: { n },
          metadata: {},
          streamName: `s-${n % 3}`,
          streamVersion: n,
          position: encodePositionPair([BigInt(n), BigInt(n)]),
          recordedAt: new Date(0).toISOString(),
        });
      }
    },
    async readAll({ after, limit }: { after: Position | null; limit: number }) {
      log.reads += 1;
      // The snapshot is taken when the read starts, as a statement's is.
      const snapshot = events.filter((event) => after === null || event.position > after);
      if (log.gate) await log.gate;
      return snapshot.slice(0, limit);
    },
  };
  return log;
}

const positionOf = (log: ReturnType<typeof fakeLog>, n: number) =>
  log.events[n - 1]?.position ?? null;

describe('shared tail of the newest events', () => {
  it('answers nine subscriptions woken by one append with one read, the same event objects', async () => {
    const log = fakeLog();
    log.add(5);
    const tail = createSharedTail(log.readAll);
    await tail.readAll({ after: null, limit: 100 });
    const readsBefore = log.reads;

    log.add(1);
    tail.woke();
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => tail.readAll({ after: positionOf(log, 5), limit: 100 })),
    );

    expect(log.reads - readsBefore).toBe(1);
    for (const answer of answers) expect(answer).toEqual([log.events[5]]);
    expect(new Set(answers.map((answer) => answer[0])).size).toBe(1);
  });

  it('serves a subscription behind the window from the store, in order', async () => {
    const log = fakeLog();
    log.add(10);
    const tail = createSharedTail(log.readAll, { maxEvents: 4 });
    await tail.readAll({ after: null, limit: 100 });

    const behind = await tail.readAll({ after: positionOf(log, 2), limit: 3 });

    expect(behind.map((event) => event.id)).toEqual(['e3', 'e4', 'e5']);
  });

  it('does not hand a caller woken during a read the older, shorter answer', async () => {
    const log = fakeLog();
    log.add(1);
    const tail = createSharedTail(log.readAll);
    await tail.readAll({ after: null, limit: 100 });

    let open: () => void = () => undefined;
    log.gate = new Promise((resolve) => {
      open = resolve;
    });
    log.add(1);
    tail.woke();
    const early = tail.readAll({ after: positionOf(log, 1), limit: 100 });
    // Appended and announced while the first read is still in flight.
    log.add(1);
    tail.woke();
    const late = tail.readAll({ after: positionOf(log, 1), limit: 100 });
    log.gate = null;
    open();

    expect((await early).map((event) => event.id)).toEqual(['e2']);
    expect((await late).map((event) => event.id)).toEqual(['e2', 'e3']);
  });

  it('looks again on a fallback poll: an event readable without a wake-up is found', async () => {
    const log = fakeLog();
    log.add(1);
    const tail = createSharedTail(log.readAll, { maxStalenessMs: 0 });
    await tail.readAll({ after: null, limit: 100 });
    await new Promise((resolve) => setTimeout(resolve, 2));

    log.add(1); // no woke(): as when an older transaction rolls back
    const polled = await tail.readAll({ after: positionOf(log, 1), limit: 100 });

    expect(polled.map((event) => event.id)).toEqual(['e2']);
  });

  it('gives a prefix of what the store holds, never a gap, whatever the interleaving', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('append' as const), count: fc.integer({ min: 1, max: 5 }) }),
      fc.record({
        kind: fc.constant('read' as const),
        after: fc.nat({ max: 40 }),
        limit: fc.integer({ min: 1, max: 8 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 40 }),
        fc.integer({ min: 2, max: 12 }),
        async (steps, maxEvents) => {
          const log = fakeLog();
          const tail = createSharedTail(log.readAll, { maxEvents, maxStalenessMs: 0 });
          const pending: Promise<void>[] = [];
          for (const s of steps) {
            if (s.kind === 'append') {
              log.add(s.count);
              tail.woke();
              continue;
            }
            const after =
              s.after === 0 ? null : positionOf(log, Math.min(s.after, log.events.length));
            const readable = log.events.filter((event) => after === null || event.position > after);
            pending.push(
              tail.readAll({ after, limit: s.limit }).then((answer) => {
                // In order from `after` with no gap, at most the limit, and at least everything
                // that was readable when the call was made (up to the limit).
                const now = log.events.filter((event) => after === null || event.position > after);
                expect(answer).toEqual(now.slice(0, answer.length));
                expect(answer.length).toBeLessThanOrEqual(s.limit);
                expect(answer.length).toBeGreaterThanOrEqual(Math.min(s.limit, readable.length));
              }),
            );
          }
          await Promise.all(pending);
        },
      ),
      { numRuns: 200 },
    );
  });
});
