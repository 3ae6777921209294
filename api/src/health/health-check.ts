import type { HealthDetails } from '@shortlist/domain/contract';
import type { Position, RecordedEvent } from '@shortlist/eventstore';
import { allProjections, countQuarantinedEvents } from '@shortlist/projections';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** Lag is counted event by event up to this many; beyond it the read models are simply behind. */
const LAG_COUNT_LIMIT = 1000;
/** A projection whose batches failed this many times in a row makes the service unhealthy. */
const FAILING_AFTER = 3;
const CHECK_TIMEOUT_MS = 2000;

type ProjectionsHealth = HealthDetails['projections'];

/**
 * Probes the database, the event store and the projections. Up when all three answer and no
 * projection keeps failing; lag and quarantined events do not make it down (the rest flows).
 * Lag is measured in events through the store's port, so it means the same on every adapter.
 */
export async function checkHealth(app: FastifyInstance): Promise<HealthDetails> {
  const [database, head, checkpoints, quarantined] = await Promise.all([
    check(() => sql`SELECT 1`.execute(app.db)),
    check(() => app.store.headPosition()),
    check(() => app.db.selectFrom('projection_checkpoints').select(['name', 'position']).execute()),
    check(() => countQuarantinedEvents(app.db)),
  ]);
  const failing = (app.projectors?.status() ?? [])
    .filter((status) => status.failures >= FAILING_AFTER)
    .map((status) => ({
      name: status.name,
      failures: status.failures,
      error: status.lastError ?? '',
    }));
  const projections = await projectionsHealth(
    head.ok ? head.value : null,
    checkpoints.ok ? checkpoints.value : null,
    quarantined.ok ? quarantined.value : {},
    failing,
    (after) => app.store.readAll({ after, limit: LAG_COUNT_LIMIT }),
  );
  const ok = database.ok && head.ok && projections.status === 'up';
  return {
    ok,
    status: ok ? 'up' : 'down',
    database: database.ok ? 'up' : 'down',
    eventStore: head.ok ? 'up' : 'down',
    projections,
  };
}

async function projectionsHealth(
  head: Position | null,
  rows: { name: string; position: Position | null }[] | null,
  quarantined: Record<string, number>,
  failing: ProjectionsHealth['failing'],
  readAfter: (after: Position | null) => Promise<RecordedEvent[]>,
): Promise<ProjectionsHealth> {
  const down: ProjectionsHealth = { status: 'down', lag: 0, head, checkpoints: {}, failing };
  if (rows === null) return down;
  // A projection that has not run yet has no row; it is behind by everything.
  const known = new Set(rows.map((row) => row.name));
  for (const projection of allProjections()) {
    if (!known.has(projection.name)) rows.push({ name: projection.name, position: null });
  }
  const slowest = rows.reduce<Position | null | undefined>(
    (min, row) => (min === undefined || isBefore(row.position, min) ? row.position : min),
    undefined,
  );
  let pending: Position[] = [];
  if (slowest !== undefined && slowest !== head) {
    const read = await check(() => readAfter(slowest));
    if (!read.ok) return down;
    pending = read.value.map((event) => event.position);
  }
  const entries = rows.map((row) => {
    const lag = pending.filter((position) => isBefore(row.position, position)).length;
    return [
      row.name,
      { position: row.position, lag, quarantined: quarantined[row.name] ?? 0 },
    ] as const;
  });
  return {
    status: failing.length === 0 ? 'up' : 'down',
    lag: Math.max(0, ...entries.map(([, entry]) => entry.lag)),
    head,
    checkpoints: Object.fromEntries(entries),
    failing,
  };
}

/** Positions compare as strings (event-store.port.ts); null is before everything. */
function isBefore(a: Position | null, b: Position | null): boolean {
  if (a === null) return b !== null;
  return b !== null && a < b;
}

type Checked<T> = { ok: true; value: T } | { ok: false };

async function check<T>(probe: () => Promise<T>): Promise<Checked<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    return { ok: true, value: await Promise.race([probe(), timeout]) };
  } catch {
    return { ok: false };
  } finally {
    clearTimeout(timer);
  }
}
