/**
 * Test fixture for crash-recovery.int.spec.ts, run as a child process: the real server
 * (startServer on DATABASE_URL, projections in-process) plus writers appending through
 * handleCommand, printing `ack <eventId> <position>` only after the store acknowledged each append.
 * APPEND_LIMIT (optional) stops the writers after that many events and prints `done`.
 * SIGTERM shuts down gracefully (as server.ts does); the test also SIGKILLs it mid-stream.
 */
import { randomUUID } from 'node:crypto';
import type { Command, Decider, DomainEvent } from '@shortlist/domain';
import { createPostgresEventStore, WrongExpectedVersionError } from '@shortlist/eventstore';
import { handleCommand } from '../commands/handle-command';
import { startServer } from './start-server';

type Tick = Command<'Tick', Record<string, never>>;
type Ticked = DomainEvent<'Ticked', { count: number }>;
const ticker: Decider<{ count: number }, Tick, Ticked> = {
  initialState: () => ({ count: 0 }),
  evolve: (_state, event) => ({ count: event.data.count }),
  decide: (_command, state) => [{ type: 'Ticked', data: { count: state.count + 1 } }],
};

const WRITERS = 4;
const STREAMS = 3; // fewer streams than writers: appends race and retry, as in real traffic

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const limit = process.env.APPEND_LIMIT
  ? Number(process.env.APPEND_LIMIT)
  : Number.POSITIVE_INFINITY;
const runId = randomUUID().slice(0, 8);

const server = await startServer({ env: process.env });
const store = createPostgresEventStore({ connectionString: databaseUrl });
process.stdout.write(`ready ${server.url}\n`);

let appended = 0;
let stopping = false;

async function writer(index: number): Promise<void> {
  while (!stopping && appended < limit) {
    appended += 1;
    const result = await handleCommand({
      store,
      streamName: `ticker-${runId}-${index % STREAMS}`,
      decider: ticker,
      command: {
        type: 'Tick',
        data: {},
        metadata: {
          actor: 'system:crash-test',
          correlationId: randomUUID(),
          causationId: null,
          now: new Date().toISOString(),
        },
      },
    }).catch((error: unknown) => {
      // A writer that keeps losing the race gets what an API caller would (409): nothing
      // appended, nothing acknowledged.
      if (error instanceof WrongExpectedVersionError) return null;
      throw error;
    });
    for (const event of result?.events ?? [])
      process.stdout.write(`ack ${event.id} ${event.position}\n`);
  }
}

const writers = Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
writers.then(
  () => {
    if (!stopping) process.stdout.write('done\n');
  },
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);

process.once('SIGTERM', () => {
  stopping = true;
  writers
    .then(() => store.close())
    .then(() => server.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
});
