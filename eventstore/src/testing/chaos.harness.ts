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
  /**
   * Every choice the run makes (streams, batch sizes, retries, disruption moments) comes from
   * this generator: a seeded one (see chaosRandom) makes a run's choices reproducible. Default
   * Math.random.
   */
  random?: () => number;
  /**
   * Kills the store's connections (writers', subscriber's, listener's) and answers how many it
   * killed. Called `disruptions` times at random moments while the writers run; writers then
   * retry the same append (same event ids: the store's idempotency decides whether it already
   * committed) and the subscriber must carry on by itself.
   */
  killConnections?: () => Promise<number>;
  /** How many times to call killConnections. Default 3 when it is given. */
  disruptions?: number;
  /**
   * Stops the subscription at a random moment mid-run and starts a new one from the position of
   * the last batch its handler finished, as a projection restarting from its checkpoint does.
   */
  restartSubscriber?: boolean;
}

export interface ChaosReport {
  committed: Map<string, string>;
  rolledBack: Set<string>;
  delivered: RecordedEvent[];
  conflicts: number;
  idempotentRetries: number;
  /** Connections killConnections terminated, over every disruption. */
  connectionsKilled: number;
  /** Appends or reads a writer retried after its connection was killed under it. */
  retriesAfterKill: number;
  /** Subscriptions started after the first (restartSubscriber). */
  subscriberRestarts: number;
}

export function chaosEvent(type = 'ChaosHappened'): NewEvent {
  return { id: randomUUID(), type, data: { n: Math.random() }, metadata: { actor: 'chaos' } };
}

/**
 * Writers load a stream, append 1-3 events with the loaded version as expectedVersion and retry
 * on conflict, while one subscription (started before any write) runs throughout. Some appends
 * are repeated with the same ids to prove retries are idempotent under contention. Optionally,
 * the store's connections are killed and the subscriber restarted mid-run (see ChaosOptions).
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { store, streamNames } = options;
  const random = options.random ?? Math.random;
  const ours = new Set([...streamNames, ...(options.extraStreamNames ?? [])]);
  const start: Position | null = await store.headPosition();
  const delivered: RecordedEvent[] = [];
  // The position of the last batch the handler finished: where a restarted subscriber resumes.
  let checkpoint: Position | null = start;
  const subscribe = () =>
    store.subscribe({ after: checkpoint, batchSize: 50 }, async (events) => {
      for (const event of events) if (ours.has(event.streamName)) delivered.push(event);
      checkpoint = events.at(-1)?.position ?? checkpoint;
    });
  let subscription = subscribe();

  const committed = new Map<string, string>();
  const rolledBack = new Set<string>();
  let conflicts = 0;
  let idempotentRetries = 0;
  let connectionsKilled = 0;
  let retriesAfterKill = 0;
  let subscriberRestarts = 0;
  const killing = options.killConnections !== undefined;

  /** Runs `step`; when connections are being killed, a failure other than a conflict is retried. */
  const surviving = async <T>(step: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await step();
      } catch (error) {
        if (!killing || error instanceof WrongExpectedVersionError || attempt >= 20) throw error;
        retriesAfterKill++;
        await sleep(10 * attempt);
      }
    }
  };

  const writer = async () => {
    for (let i = 0; i < options.appendsPerWriter; i++) {
      const streamName = pick(streamNames, random);
      const events = Array.from({ length: 1 + Math.floor(random() * 3) }, () => chaosEvent());
      const repeat = random() < 0.1;
      for (;;) {
        const { currentVersion } = await surviving(() =>
          store.readStream(streamName, { fromVersion: 1e9 }),
        );
        try {
          // The same ids on every try: if a killed connection had committed them, the retry is
          // answered with the first result and writes nothing.
          const result = await surviving(() =>
            store.append(streamName, events, { expectedVersion: currentVersion }),
          );
          for (const event of events) committed.set(event.id, streamName);
          if (repeat) {
            const again = await surviving(() =>
              store.append(streamName, events, { expectedVersion: currentVersion }),
            );
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

  let writing = true;
  // Disruptions at random moments while the writers run: kills, and one subscriber restart.
  const disrupt = async () => {
    const kills = killing ? (options.disruptions ?? 3) : 0;
    const steps: Array<'kill' | 'restart'> = [
      ...Array.from({ length: kills }, () => 'kill' as const),
      ...(options.restartSubscriber ? ['restart' as const] : []),
    ];
    for (const step of shuffle(steps, random)) {
      await sleep(50 + Math.floor(random() * 250));
      if (!writing) return;
      if (step === 'kill' && options.killConnections) {
        connectionsKilled += await options.killConnections();
      } else if (step === 'restart') {
        // Mid-run: once the subscriber has handled something, so a resume from the wrong
        // place (a duplicate or a gap) would show.
        while (delivered.length === 0 && writing) await sleep(5);
        await subscription.stop();
        await subscription.done;
        subscription = subscribe();
        subscriberRestarts++;
      }
    }
  };

  try {
    const disruptions = disrupt();
    const outcomes = await Promise.all([
      ...Array.from({ length: options.writers }, () => writer().then(() => null)),
      ...(options.extraWriters ?? []).map((extra) => extra()),
    ]).finally(() => {
      writing = false;
    });
    await disruptions;
    for (const outcome of outcomes) {
      if (!outcome) continue;
      for (const { id, streamName } of outcome.committed) committed.set(id, streamName);
      for (const id of outcome.rolledBack) rolledBack.add(id);
    }
    const deadline = Date.now() + (options.settleTimeoutMs ?? 30_000);
    const settled = async (until: () => boolean) => {
      while (!until() && Date.now() < deadline) {
        await Promise.race([subscription.done, sleep(20)]);
      }
    };
    await settled(() => delivered.length >= committed.size);
    // Anything wrongly delivered late (a duplicate, a rolled-back event) would come before the
    // subscriber reaches the store's head: wait for that, rather than for a fixed time.
    const head = await surviving(() => store.headPosition());
    await settled(() => head === null || (checkpoint !== null && checkpoint >= head));
  } finally {
    await subscription.stop();
  }
  await subscription.done;
  return {
    committed,
    rolledBack,
    delivered,
    conflicts,
    idempotentRetries,
    connectionsKilled,
    retriesAfterKill,
    subscriberRestarts,
  };
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

/**
 * The seed of this test run's chaos: CHAOS_SEED when set (to replay a failure), else a random
 * one. Print it, so a failing run can be replayed.
 */
export function chaosSeed(): number {
  const given = process.env.CHAOS_SEED;
  if (given === undefined || given === '') return Math.floor(Math.random() * 2 ** 32);
  const seed = Number(given);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
    throw new RangeError('CHAOS_SEED must be an integer from 0 to 4294967295');
  }
  return seed;
}

/** A seeded generator (mulberry32): the same seed makes the same choices. */
export function chaosRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: T[], random: () => number = Math.random): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError('pick from an empty list');
  return item;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const [a, b] = [shuffled[i], shuffled[j]];
    if (a === undefined || b === undefined) continue;
    shuffled[i] = b;
    shuffled[j] = a;
  }
  return shuffled;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
