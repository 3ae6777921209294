import { createPostgresKeyVault, encryptingEventStore } from '@shortlist/api';
import { createPostgresEventStore, type EventStore, type Position } from '@shortlist/eventstore';
import {
  allProjections,
  createKysely,
  formatVerifyReport,
  rebuildProjections,
  verifyProjections,
} from '@shortlist/projections';
import pg from 'pg';
import { now } from '../bench-stats';

export interface RebuildFigures {
  events: number;
  seconds: number;
  /** Events replayed per second: every read model built in one pass over the events. */
  eventsPerSecond: number;
  /** Time spent in each read model's apply (inside the pass, not added to it). */
  perProjection: { name: string; seconds: number }[];
  /**
   * CPU seconds this process spent (user + system): the rebuild's own work, which a loaded
   * machine stretches in wall time but not in CPU time. PostgreSQL's share is not in it.
   */
  cpuSeconds: number;
}

/** CPU seconds of this process since `from` (process.cpuUsage()). */
function cpuSince(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
}

/**
 * Empties and replays every read model through the store the app reads with (personal fields
 * opened by the key vault), as `projections rebuild` does: all of them in one pass.
 */
export async function rebuildReadModels(databaseUrl: string): Promise<RebuildFigures> {
  return withAppStore(databaseUrl, async (store, pool) => {
    // One connection per rebuild lane (one per read model) and the one holding their leases.
    const db = createKysely({
      connectionString: databaseUrl,
      poolMax: allProjections().length + 1,
    });
    try {
      const events = await eventCount(pool);
      const started = now();
      const cpu = process.cpuUsage();
      // One pass over the events for every read model, as `npm run projections -- rebuild` does.
      const applyMs = new Map<string, number>();
      const results = await rebuildProjections({
        db,
        store,
        projections: allProjections(),
        applyMs,
      });
      const runner = results.find((result) => result.mode !== 'inline');
      if (runner !== undefined) {
        throw new Error(`${runner.projection} is held by a running server; stop it to measure`);
      }
      const seconds = (now() - started) / 1000;
      const cpuSeconds = cpuSince(cpu);
      // The rest of the time is the read, the opening of sealed fields and the commits.
      const perProjection = [...applyMs].map(([name, ms]) => ({ name, seconds: ms / 1000 }));
      return { events, seconds, eventsPerSecond: events / seconds, perProjection, cpuSeconds };
    } finally {
      await db.destroy();
    }
  });
}

/** `audit verify`: every read model against a fresh replay; answers the time and the verdict. */
export async function verifyReadModels(databaseUrl: string) {
  return withAppStore(databaseUrl, async (store) => {
    const started = now();
    const cpu = process.cpuUsage();
    const report = await verifyProjections({ connectionString: databaseUrl, store });
    return {
      seconds: (now() - started) / 1000,
      cpuSeconds: cpuSince(cpu),
      ok: report.ok,
      lines: formatVerifyReport(report),
    };
  });
}

/**
 * The read a rebuild makes, alone: every event in pages of `batchSize`, through the raw store and
 * through the app's decrypting one, in seconds each; the difference is what opening the sealed
 * fields (key vault lookups and AES-GCM) costs a rebuild.
 */
export async function timeReads(
  databaseUrl: string,
  batchSize = 5_000,
): Promise<{ events: number; rawSeconds: number; decryptingSeconds: number }> {
  const raw = createPostgresEventStore({ connectionString: databaseUrl, poolMax: 2 });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const readAll = async (store: EventStore) => {
    const started = now();
    let events = 0;
    let after: Position | null = null;
    for (;;) {
      const page = await store.readAll({ after, limit: batchSize });
      events += page.length;
      const last = page.at(-1);
      if (last === undefined || page.length < batchSize) break;
      after = last.position;
    }
    return { events, seconds: (now() - started) / 1000 };
  };
  try {
    await readAll(raw); // warms the cache, so neither timed read pays for the disk
    const plain = await readAll(raw);
    const opened = await readAll(encryptingEventStore(raw, createPostgresKeyVault(pool)));
    return { events: plain.events, rawSeconds: plain.seconds, decryptingSeconds: opened.seconds };
  } finally {
    await raw.close();
    await pool.end();
  }
}

export async function eventCount(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM eventstore.events',
  );
  return Number(rows[0]?.count ?? 0);
}

async function withAppStore<T>(
  databaseUrl: string,
  work: (store: ReturnType<typeof encryptingEventStore>, pool: pg.Pool) => Promise<T>,
): Promise<T> {
  const raw = createPostgresEventStore({ connectionString: databaseUrl, poolMax: 4 });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', () => undefined);
  try {
    return await work(encryptingEventStore(raw, createPostgresKeyVault(pool)), pool);
  } finally {
    await raw.close();
    await pool.end();
  }
}
