import type { EventStore } from '@shortlist/eventstore';

/** A stream's state as this process last saw it: the fold of its events up to `version`. */
export interface CachedStream {
  state: unknown;
  version: number;
}

/** Streams remembered per store and decider; the least recently used go first. */
const STREAMS_PER_DECIDER = 10_000;

/**
 * The folded state of recently used streams, one cache per store instance (an API process has
 * one) and per decider (a state is only meaningful to the decider that folded it). It saves the
 * read before an append, never its guard: a state from here is only ever used to append with its
 * version as the expected version, so when another process (or a direct append) moved the
 * stream on, the store refuses and the command is decided again on a fresh read.
 */
export function streamStateCache(store: EventStore, decider: object): Map<string, CachedStream> {
  let byDecider = caches.get(store);
  if (byDecider === undefined) {
    byDecider = new WeakMap();
    caches.set(store, byDecider);
  }
  let streams = byDecider.get(decider);
  if (streams === undefined) {
    streams = new Map();
    byDecider.set(decider, streams);
  }
  return streams;
}

const caches = new WeakMap<EventStore, WeakMap<object, Map<string, CachedStream>>>();

/** Reads an entry and marks it most recently used. */
export function recall(streams: Map<string, CachedStream>, name: string): CachedStream | undefined {
  const entry = streams.get(name);
  if (entry !== undefined) {
    streams.delete(name);
    streams.set(name, entry);
  }
  return entry;
}

export function remember(streams: Map<string, CachedStream>, name: string, entry: CachedStream) {
  streams.delete(name);
  streams.set(name, entry);
  if (streams.size > STREAMS_PER_DECIDER) {
    const oldest = streams.keys().next();
    if (!oldest.done) streams.delete(oldest.value);
  }
}
