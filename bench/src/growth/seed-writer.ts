import { createPostgresKeyVault, encryptingEventStore, type KeyVault } from '@shortlist/api';
import { personalFieldsOf } from '@shortlist/domain';
import { createPostgresEventStore, type EventStore } from '@shortlist/eventstore';
import pg from 'pg';
import type { StreamAppend } from './seed-history';

/** Appends in flight at once: enough to keep both cores and the WAL writer busy. */
const CONCURRENCY = 16;

export interface SeedWriter {
  /** Appends one phase's streams, each with its expected version, sealed as the app seals. */
  write(appends: StreamAppend[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app's write path for a bulk load: the PostgreSQL event store behind the sealing decorator
 * and the real key vault. Two things differ from a request, neither visible in what is stored:
 * the stream keys of a whole batch are created and read in one vault call rather than one per
 * append, and commits do not wait for the WAL flush (synchronous_commit=off: a crash loses the
 * last moments of the load, never consistency, and a seed is re-run anyway).
 */
export function createSeedWriter(databaseUrl: string): SeedWriter {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: CONCURRENCY,
    options: '-c synchronous_commit=off',
  });
  pool.on('error', () => undefined);
  const raw = createPostgresEventStore({ pool });
  const vault = prefetchingVault(createPostgresKeyVault(pool));
  const store: EventStore = encryptingEventStore(raw, vault);

  return {
    async write(appends) {
      const sealed = appends
        .filter((append) => append.events.some((event) => personalFieldsOf(event.type).length > 0))
        .map((append) => append.streamName);
      await vault.prefetch(sealed);
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(CONCURRENCY, appends.length) }, async () => {
          for (let append = appends[next++]; append !== undefined; append = appends[next++]) {
            await store.append(append.streamName, append.events, {
              expectedVersion: append.expectedVersion,
            });
          }
        }),
      );
    },
    async close() {
      await raw.close();
      await pool.end();
    },
  };
}

/** The vault with the keys of a batch fetched (and created) in one call, then served from memory. */
function prefetchingVault(
  inner: KeyVault,
): KeyVault & { prefetch(subjects: string[]): Promise<void> } {
  const known = new Map<string, Buffer | null>();
  return {
    async prefetch(subjects) {
      const missing = subjects.filter((subject) => !known.has(subject));
      for (let start = 0; start < missing.length; start += 5_000) {
        const keys = await inner.keysFor(missing.slice(start, start + 5_000), { create: true });
        for (const [subject, key] of keys) known.set(subject, key);
      }
    },
    async keysFor(subjects, options) {
      if (subjects.every((subject) => known.has(subject))) {
        return new Map(subjects.map((subject) => [subject, known.get(subject) ?? null]));
      }
      return inner.keysFor(subjects, options);
    },
    erase: (subject, at) => inner.erase(subject, at),
    isErased: (subject) => inner.isErased(subject),
    adopt: (subject, key) => {
      known.set(subject, key);
      inner.adopt(subject, key);
    },
  };
}
