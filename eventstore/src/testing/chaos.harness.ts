import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, Position, RecordedEvent } from '../event-store.port';
import { WrongExpectedVersionError } from '../event-store.port';

/** What one extra writer did: events it saw committed and ids of events it rolled back. */
export interface ExtraWriterOutcome {
  committed: Array<{ id: string; streamName: string }>;
  rolledBack: string[];
}

export interface ChaosOptions {
  store: EventStore;
  streamNames: string[];
  writers: number;
  appendsPerWriter: number;
  /** Adapter-specific writers running alongside (e.g. slow or rolled-back SQL transactions). */
  extraWriters?: Array<() => Promise<ExtraWriterOutcome>>;
  /** Streams only the extra writers write to; observed like the others. */
  extraStreamNames?: string[];
  /** How long to wait for the subscriber to see every committed event. */
  settleTimeoutMs?: number;
}

export interface ChaosReport {
  committed: Map<string, string>;
  rolledBack: Set<string>;
  delivered: RecordedEvent[];
  conflicts: number;
  idempotentRetries: number;
}

export function chaosEvent(type = 'ChaosHappened'): NewEvent {
  return { id: randomUUID(), type, data: { n: Math.random() }, metadata: { actor: 'chaos' } };
}

/**
 * Writers load a stream, append 1-3 events with the loaded version as expectedVersion and retry
 * on conflict, while one subscription (started before any write) runs throughout. Some appends
 * are repeated with the same ids to prove retries are idempotent under contention.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { store, streamNames } = options;
  const ours = new Set([...streamNames, ...(options.extraStreamNames ?? [])]);
  const start: Position | null = await store.headPosition();
  const delivered: RecordedEvent[] = [];
  const subscription = store.subscribe({ after: start, batchSize: 50 }, async (events) => {
    for (const event of events) if (ours.has(event.streamName)) delivered.push(event);
  });

  const committed = new Map<string, string>();
  const rolledBack = new Set<string>();
  let conflicts = 0;
  let idempotentRetries = 0;

  const writer = async () => {
    for (let i = 0; i < options.appendsPerWriter; i++) {
      const streamName = pick(streamNames);
      const events = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => chaosEvent());
      for (;;) {
        const { currentVersion } = await store.readStream(streamName, { fromVersion: 1e9 });
        try {
          const result = await store.append(streamName, events, {
            expectedVersion: currentVersion,
          });
          for (const event of events) committed.set(event.id, streamName);
          if (Math.random() < 0.1) {
            const again = await store.append(streamName, events, {
              expectedVersion: currentVersion,
            });
            if (again.nextExpectedVersion !== result.nextExpectedVersion)
              throw new Error('retry answered differently');
            idempotentRetries++;
          }
          break;
        } catch (error) {
          if (!(error instanceof WrongExpectedVersionError)) throw error;
          conflicts++;
        }
      }
    }
  };

  try {
    const outcomes = await Promise.all([
      ...Array.from({ length: options.writers }, () => writer().then(() => null)),
      ...(options.extraWriters ?? []).map((extra) => extra()),
    ]);
    for (const outcome of outcomes) {
      if (!outcome) continue;
      for (const { id, streamName } of outcome.committed) committed.set(id, streamName);
      for (const id of outcome.rolledBack) rolledBack.add(id);
    }
    const deadline = Date.now() + (options.settleTimeoutMs ?? 30_000);
    while (delivered.length < committed.size && Date.now() < deadline) {
      await Promise.race([subscription.done, sleep(20)]);
    }
    // Anything wrongly delivered late (a duplicate, a rolled-back event) gets a chance to show.
    await sleep(300);
  } finally {
    await subscription.stop();
  }
  await subscription.done;
  return { committed, rolledBack, delivered, conflicts, idempotentRetries };
}

/** Every violated property, as readable lines; empty when the run was correct. */
export function chaosViolations(report: ChaosReport): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const lastVersion = new Map<string, number>();
  let previous: Position | null = null;
  for (const event of report.delivered) {
    if (seen.has(event.id)) problems.push(`delivered twice: ${event.id}`);
    seen.add(event.id);
    if (report.rolledBack.has(event.id)) problems.push(`rolled-back event delivered: ${event.id}`);
    else if (!report.committed.has(event.id)) problems.push(`unknown event delivered: ${event.id}`);
    if (previous !== null && !(event.position > previous)) {
      problems.push(`position not increasing: ${previous} then ${event.position}`);
    }
    previous = event.position;
    const expectedVersion = (lastVersion.get(event.streamName) ?? -1) + 1;
    if (event.streamVersion !== expectedVersion) {
      problems.push(
        `${event.streamName}: version ${event.streamVersion} delivered, expected ${expectedVersion}`,
      );
    }
    lastVersion.set(event.streamName, event.streamVersion);
  }
  for (const id of report.committed.keys()) {
    if (!seen.has(id)) problems.push(`committed event never delivered: ${id}`);
  }
  return problems.slice(0, 20);
}

export function chaosRuns(): number {
  const runs = Number(process.env.CHAOS_RUNS ?? '1');
  if (!Number.isInteger(runs) || runs < 1) throw new RangeError('CHAOS_RUNS must be >= 1');
  return runs;
}

function pick<T>(items: T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new RangeError('pick from an empty list');
  return item;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
