import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../event-store.port';
import { startPollingSubscription } from './polling-subscription';

function event(position: number): RecordedEvent {
  return {
    id: `e${position}`,
    type: 'Ticked',
    data: {},
    metadata: {},
    streamName: 's',
    streamVersion: position,
    position: String(position).padStart(6, '0'),
    recordedAt: new Date(0).toISOString(),
  } as RecordedEvent;
}

/** A store of `log` events whose readAll calls are counted, and a wake the test fires. */
function fakeStore(log: RecordedEvent[]) {
  const reads: (Position | null)[] = [];
  let wake: () => void = () => undefined;
  return {
    reads,
    wake: () => wake(),
    deps: {
      async readAll({ after, limit }: { after: Position | null; limit: number }) {
        reads.push(after);
        return log.filter((e) => after === null || e.position > after).slice(0, limit);
      },
      onWake(registered: () => void) {
        wake = registered;
        return () => undefined;
      },
      // Long enough that only a wake, never the poll, can explain a read within the test.
      pollIntervalMs: 60_000,
    },
  };
}

describe('polling subscription', () => {
  it('after a short page it waits for a wake instead of reading nothing', async () => {
    const log = [event(1), event(2)];
    const store = fakeStore(log);
    const seen: string[] = [];
    const subscription = startPollingSubscription(
      store.deps,
      { after: null, batchSize: 10 },
      async (events) => {
        seen.push(...events.map((e) => e.position));
      },
    );
    await expect.poll(() => seen.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.reads).toHaveLength(1);

    log.push(event(3));
    store.wake();
    await expect.poll(() => seen.length).toBe(3);
    expect(store.reads).toHaveLength(2);
    await subscription.stop();
  });

  it('reads on at once after a full page, and after a wake that came during the handler', async () => {
    const log = [event(1), event(2), event(3)];
    const store = fakeStore(log);
    const seen: string[] = [];
    let woken = false;
    const subscription = startPollingSubscription(
      store.deps,
      { after: null, batchSize: 2 },
      async (events) => {
        seen.push(...events.map((e) => e.position));
        if (!woken) {
          // An append lands while the first page is handled.
          woken = true;
          log.push(event(4));
          store.wake();
        }
      },
    );
    // Page 1 (full), page 2 (3 and 4: full again), then an empty read confirms the end.
    await expect.poll(() => seen).toEqual(['000001', '000002', '000003', '000004']);
    await expect.poll(() => store.reads.length).toBe(3);
    await subscription.stop();
  });
});
