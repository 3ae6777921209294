import type { Position, RecordedEvent } from '../event-store.port';

type ReadAll = (options: { after: Position | null; limit: number }) => Promise<RecordedEvent[]>;

export interface SharedTailOptions {
  /** Most events kept in memory; the oldest go first. */
  maxEvents?: number;
  /** How old a shared "nothing more to read" may be when a caller gets it. */
  maxStalenessMs?: number;
}

export interface SharedTail {
  /** Same answer as `readAll` would give now, served from memory where it can be. */
  readAll: ReadAll;
  /** Call on every wake-up (NOTIFY or local append): events may exist past what was read. */
  woke(): void;
}

const DEFAULT_MAX_EVENTS = 2_048;
const DEFAULT_MAX_STALENESS_MS = 20;

/**
 * One read of the newest events for every live subscription of a process. A process runs a
 * subscription per projection and per reactor (nine today); each wakes on the same append and
 * used to read the same rows, and the layers above opened (decrypted) each copy again. Here
 * the newest events read are kept as one contiguous window, and a subscription whose position
 * lies inside it is answered from memory; only the part past the window's end is read, once,
 * however many subscriptions ask at the same time.
 *
 * Why an answer from memory is the store's answer: readAll returns only events of finished
 * transactions in (transaction id, position) order, so once (a, b] has been read nothing can
 * ever appear inside it (postgres-event-store.adapter.ts). What the window holds is final.
 *
 * A subscription wakes, clears its "pending" flag and reads; a short page means "caught up".
 * So a caller gets a short page only from a read that began after its last wake-up: a read in
 * flight is joined, and if it began earlier (or filled its page), another read follows.
 * Subscriptions behind the window (catching up after a rebuild) read the store directly.
 */
export function createSharedTail(readAll: ReadAll, options: SharedTailOptions = {}): SharedTail {
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
  const maxStalenessMs = options.maxStalenessMs ?? DEFAULT_MAX_STALENESS_MS;
  // Holds exactly the events in (from, last event]; `from === undefined`: nothing held yet.
  let from: Position | null | undefined;
  let events: RecordedEvent[] = [];
  let wakes = 0;
  let extending: { promise: Promise<void> } | null = null;
  // When the last read that reached the readable end began (wake-up count and clock); null:
  // the last read filled its page, so more may be readable.
  let endRead: { wakes: number; at: number } | null = null;

  const end = (): Position | null | undefined =>
    events.length > 0 ? events.at(-1)?.position : from;

  /** Index of the first held event after `after`, or -1 when `after` is outside the window. */
  function indexAfter(after: Position | null): number {
    if (from === undefined) return -1;
    const last = end();
    if (!atOrAfter(after, from) || !atOrAfter(last ?? null, after)) return -1;
    let low = 0;
    let high = events.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const position = events[middle]?.position ?? '';
      if (after !== null && position <= after) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  function extend(limit: number): Promise<void> {
    const startedAt = { wakes, at: performance.now() };
    const after = end() ?? null;
    const promise = readAll({ after, limit }).then((read) => {
      // The window may have been replaced meanwhile (a caller past its end); then this read
      // no longer continues it and is dropped.
      if ((end() ?? null) !== after) return;
      append(read, read.length < limit ? startedAt : null);
    });
    const current = { promise };
    extending = current;
    const clear = () => {
      if (extending === current) extending = null;
    };
    promise.then(clear, clear);
    return promise;
  }

  function append(read: RecordedEvent[], reachedEnd: { wakes: number; at: number } | null) {
    events = events.concat(read);
    endRead = reachedEnd;
    if (events.length > maxEvents) {
      const dropped = events.length - maxEvents;
      from = events[dropped - 1]?.position ?? from;
      events = events.slice(dropped);
    }
  }

  async function readFromWindow(
    after: Position | null,
    limit: number,
    calledAt: { wakes: number; at: number },
  ): Promise<RecordedEvent[] | null> {
    for (;;) {
      const index = indexAfter(after);
      if (index < 0) return null;
      // A short answer is only right when a read begun after the caller's last wake-up found
      // nothing more: the subscription takes a short page for "caught up" and waits. And it
      // must be recent: a subscription's fallback poll (no wake-up) must really look again.
      const caughtUp =
        endRead !== null &&
        endRead.wakes >= calledAt.wakes &&
        endRead.at >= calledAt.at - maxStalenessMs;
      if (events.length - index >= limit || caughtUp) return events.slice(index, index + limit);
      if (extending !== null) await extending.promise.catch(() => undefined);
      else await extend(limit);
    }
  }

  return {
    woke() {
      wakes += 1;
    },
    async readAll({ after, limit }) {
      const calledAt = { wakes, at: performance.now() };
      const served = await readFromWindow(after, limit, calledAt);
      if (served !== null) return served;
      const read = await readAll({ after, limit });
      // A caller at or past the window's end starts a new window there; one behind it (a
      // catch-up) leaves the window to the subscriptions at the head.
      const last = end();
      if (from === undefined || (last !== undefined && atOrAfter(after, last ?? null))) {
        if (extending === null) {
          from = after;
          events = [];
          append(read, read.length < limit ? calledAt : null);
        }
      }
      return read;
    },
  };
}

/** Positions compare as strings (position-pair.codec.ts); null is before every event. */
function atOrAfter(position: Position | null, other: Position | null): boolean {
  if (other === null) return true;
  if (position === null) return false;
  return position >= other;
}
