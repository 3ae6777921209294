// Stand-ins for browser APIs that happy-dom leaves inert, shared by the kit's and the apps'
// component tests (`@shortlist/web-kit/testing`). No vitest import: plain code, restorable.

type MediaListener = (event: MediaQueryListEvent) => void;

/**
 * Replaces window.matchMedia with one that answers `matches(query)`. Returns `restore`, and
 * `change()` to re-evaluate every query and tell listeners (e.g. the user turns on reduced motion).
 */
export function mockMatchMedia(matches: (query: string) => boolean): {
  restore: () => void;
  change: (next: (query: string) => boolean) => void;
} {
  const original = window.matchMedia;
  let answer = matches;
  const lists: { query: string; listeners: Set<MediaListener> }[] = [];
  window.matchMedia = (query: string) => {
    const entry = { query, listeners: new Set<MediaListener>() };
    lists.push(entry);
    const list = {
      media: query,
      get matches() {
        return answer(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: MediaListener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: MediaListener) =>
        entry.listeners.delete(listener),
      addListener: (listener: MediaListener) => entry.listeners.add(listener),
      removeListener: (listener: MediaListener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    };
    return list as unknown as MediaQueryList;
  };
  return {
    restore: () => {
      window.matchMedia = original;
    },
    change: (next) => {
      answer = next;
      for (const entry of lists) {
        for (const listener of entry.listeners) {
          listener({ matches: next(entry.query), media: entry.query } as MediaQueryListEvent);
        }
      }
    },
  };
}

/** Reduced motion on or off, everything else (e.g. min-width queries) true: a wide screen. */
export function mockReducedMotion(reduce: boolean) {
  return mockMatchMedia((query) => (query.includes('prefers-reduced-motion') ? reduce : true));
}

interface ObserverRecord {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  targets: Element[];
  observer: IntersectionObserver;
}

/**
 * Replaces IntersectionObserver with a fake the test drives: `reveal(ratio)` reports every
 * observed element as intersecting by that ratio.
 */
export function mockIntersectionObserver(): {
  restore: () => void;
  reveal: (ratio: number) => void;
  records: ObserverRecord[];
} {
  const original = window.IntersectionObserver;
  const records: ObserverRecord[] = [];
  class FakeIntersectionObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds: readonly number[];
    private readonly record: ObserverRecord;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      const threshold = options?.threshold ?? 0;
      this.thresholds = Array.isArray(threshold) ? threshold : [threshold];
      this.record = {
        callback,
        options,
        targets: [],
        observer: this as unknown as IntersectionObserver,
      };
      records.push(this.record);
    }
    observe(target: Element) {
      this.record.targets.push(target);
    }
    unobserve(target: Element) {
      this.record.targets = this.record.targets.filter((candidate) => candidate !== target);
    }
    disconnect() {
      this.record.targets = [];
    }
    takeRecords() {
      return [];
    }
  }
  window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  return {
    records,
    restore: () => {
      window.IntersectionObserver = original;
    },
    reveal: (ratio) => {
      for (const record of records) {
        const entries = record.targets.map(
          (target) =>
            ({
              target,
              isIntersecting: ratio > 0,
              intersectionRatio: ratio,
            }) as IntersectionObserverEntry,
        );
        if (entries.length > 0) record.callback(entries, record.observer);
      }
    },
  };
}
