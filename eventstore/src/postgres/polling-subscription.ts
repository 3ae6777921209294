import type { Position, RecordedEvent, SubscribeOptions, Subscription } from '../event-store.port';

export interface PollingSubscriptionDeps {
  readAll(options: { after: Position | null; limit: number }): Promise<RecordedEvent[]>;
  /** Registers a wake-up (e.g. LISTEN/NOTIFY); returns an unregister. */
  onWake(wake: () => void): () => void;
  pollIntervalMs: number;
}

const DEFAULT_BATCH_SIZE = 256;
const READ_RETRIES = 5;
const READ_RETRY_DELAY_MS = 100;

/**
 * Catch-up then live, on top of readAll. A notification only says "look again"; the poll is
 * still needed because an event can become readable without any notification: it was committed
 * behind an older open transaction, and that older transaction then rolled back (or committed
 * in another schema or database, which also holds back the snapshot's xmin).
 */
export function startPollingSubscription(
  deps: PollingSubscriptionDeps,
  options: SubscribeOptions,
  handler: (events: RecordedEvent[]) => Promise<void>,
): Subscription {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  }
  let stopped = false;
  let pending = false;
  let wakeWaiter: (() => void) | null = null;

  const wake = () => {
    pending = true;
    wakeWaiter?.();
  };
  const unregister = deps.onWake(wake);

  const waitForWake = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeWaiter = null;
        resolve();
      }
      wakeWaiter = done;
    });

  const readWithRetry = async (after: Position | null) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await deps.readAll({ after, limit: batchSize });
      } catch (error) {
        if (attempt >= READ_RETRIES || stopped) throw error;
        await waitForWake(READ_RETRY_DELAY_MS * 2 ** attempt);
      }
    }
  };

  const run = async () => {
    let after = options.after;
    try {
      while (!stopped) {
        // Cleared before reading so a notification arriving during the read forces another one.
        pending = false;
        const events = await readWithRetry(after);
        if (stopped) return;
        const last = events.at(-1);
        if (last) {
          await handler(events);
          after = last.position;
          // A short page was everything readable: unless a notification came meanwhile, wait
          // as after an empty read instead of spending a round trip to read nothing.
          if (events.length < batchSize && !pending && !stopped) {
            await waitForWake(deps.pollIntervalMs);
          }
          continue;
        }
        if (!pending) await waitForWake(deps.pollIntervalMs);
      }
    } finally {
      unregister();
    }
  };

  const done = run();
  return {
    done,
    async stop() {
      stopped = true;
      wakeWaiter?.();
      await done.catch(() => undefined);
    },
  };
}
