import {
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  excludeSystemEvents,
  type KurrentDBClient,
  START,
} from '@kurrent/kurrentdb-client';
import type { Position, RecordedEvent, SubscribeOptions, Subscription } from '../event-store.port';
import { decodeKurrentPosition } from './kurrentdb-position.codec';

const DEFAULT_BATCH_SIZE = 256;
const RESUBSCRIBE_ATTEMPTS = 5;
const RESUBSCRIBE_DELAY_MS = 200;

/**
 * subscribeToAll is a paused-mode object stream: each handler call takes whatever is already
 * buffered (up to batchSize), so catch-up goes in batches and live events go as they arrive,
 * while a slow handler exerts back-pressure on the gRPC stream. A dropped stream is reopened
 * from the last delivered position a few times before the subscription fails.
 */
export function startKurrentSubscription(
  client: KurrentDBClient,
  toRecorded: (resolved: AllStreamResolvedEvent) => RecordedEvent | null,
  options: SubscribeOptions,
  handler: (events: RecordedEvent[]) => Promise<void>,
): Subscription {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  }
  let stopped = false;
  let current: AllStreamSubscription | null = null;
  let wake: (() => void) | null = null;

  const follow = async (after: Position | null): Promise<Position | null> => {
    const stream = client.subscribeToAll({
      fromPosition: after === null ? START : decodeKurrentPosition(after),
      filter: excludeSystemEvents(),
    });
    current = stream;
    let ended = false;
    let failure: Error | null = null;
    const signal = () => wake?.();
    stream.on('readable', signal);
    stream.on('end', () => {
      ended = true;
      signal();
    });
    stream.on('error', (error: Error) => {
      failure = error;
      signal();
    });
    let last = after;
    try {
      while (!stopped) {
        const batch: RecordedEvent[] = [];
        while (batch.length < batchSize) {
          const resolved: AllStreamResolvedEvent | null = stream.read();
          if (resolved === null) break;
          const event = toRecorded(resolved);
          // The server starts after `fromPosition`, but never deliver at or before it twice.
          if (event && (last === null || event.position > last)) batch.push(event);
        }
        if (batch.length > 0) {
          await handler(batch);
          last = batch.at(-1)?.position ?? last;
          continue;
        }
        if (failure) throw Object.assign(failure, { lastPosition: last });
        if (ended)
          throw Object.assign(new Error('KurrentDB subscription ended'), { lastPosition: last });
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
      }
      return last;
    } finally {
      current = null;
      await stream.unsubscribe().catch(() => undefined);
    }
  };

  const run = async () => {
    let after = options.after;
    let attempts = 0;
    while (!stopped) {
      try {
        after = await follow(after);
      } catch (error) {
        const resumeAt = positionOf(error);
        if (resumeAt === undefined || stopped) throw error;
        // Progress since the last failure means the connection worked; start counting again.
        if (resumeAt !== after) attempts = 0;
        after = resumeAt;
        if (++attempts > RESUBSCRIBE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, RESUBSCRIBE_DELAY_MS * 2 ** attempts));
      }
    }
  };

  const done = run();
  return {
    done,
    async stop() {
      stopped = true;
      wake?.();
      await current?.unsubscribe().catch(() => undefined);
      await done.catch(() => undefined);
    },
  };
}

/** Errors from the stream itself carry where to resume; a handler's error does not. */
function positionOf(error: unknown): Position | null | undefined {
  if (typeof error === 'object' && error !== null && 'lastPosition' in error) {
    const { lastPosition } = error;
    if (lastPosition === null || typeof lastPosition === 'string') return lastPosition;
  }
  return undefined;
}
