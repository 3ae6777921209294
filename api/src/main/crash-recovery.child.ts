/**
 * Test fixture for crash-recovery.int.spec.ts, run as a child process: the real server
 * (startServer on DATABASE_URL, projections in-process) plus writers driving real domain
 * commands through the command path the routes use (registerAccount, handleCommand with the
 * order decider) on the same sealing event store the server uses. Each writer registers an
 * account, places an order for it, and switches the currency of a recent order (its own or
 * another writer's, so appends on one stream race as in real traffic). After the store
 * acknowledged a command it prints one line:
 *   ack account <userId> <position>
 *   ack order <orderId> <position>
 *   ack currency <orderId> <currency> <position>
 * APPEND_LIMIT (optional) stops the writers after that many commands and prints `done`.
 * SIGTERM shuts down gracefully (as server.ts does); the test also SIGKILLs it mid-stream.
 */
import { randomUUID } from 'node:crypto';
import {
  type ChangeOrderCurrency,
  type CommandMetadata,
  type Currency,
  orderDecider,
  orderStreamName,
  type PlaceOrder,
} from '@shortlist/domain';
import { placeOrderData } from '@shortlist/domain/testing';
import { createPostgresEventStore, WrongExpectedVersionError } from '@shortlist/eventstore';
import pg from 'pg';
import { handleCommand } from '../commands/handle-command';
import { registerAccount } from '../features/accounts/register-account';
import { encryptingEventStore } from '../personal-data/encrypting-event-store';
import { createPostgresKeyVault } from '../personal-data/key-vault';
import { startServer } from './start-server';

const WRITERS = 4;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const limit = process.env.APPEND_LIMIT
  ? Number(process.env.APPEND_LIMIT)
  : Number.POSITIVE_INFINITY;

const server = await startServer({ env: process.env });
// Small pools: the PostgreSQL cluster is shared with the server in this process and other tests.
const rawStore = createPostgresEventStore({ connectionString: databaseUrl, poolMax: 4 });
const vaultPool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
vaultPool.on('error', () => undefined);
const store = encryptingEventStore(rawStore, createPostgresKeyVault(vaultPool));
process.stdout.write(`ready ${server.url}\n`);

let commands = 0;
let stopping = false;
/** Orders placed so far, for the currency switches (owner needed by the decider). */
const recent: { orderId: string; userId: string }[] = [];

const metadata = (actor: string): CommandMetadata => ({
  actor,
  correlationId: randomUUID(),
  causationId: null,
  now: new Date().toISOString(),
});

/** A writer that keeps losing a race gets what an API caller would (409): nothing acknowledged. */
async function unlessRaceLost<T>(work: Promise<T>): Promise<T | null> {
  return work.catch((error: unknown) => {
    if (error instanceof WrongExpectedVersionError) return null;
    throw error;
  });
}

async function writer(index: number): Promise<void> {
  while (!stopping && commands < limit) {
    commands += 3;
    const userId = randomUUID();
    const email = `crash-${userId.slice(0, 8)}@example.com`;
    const account = await registerAccount({
      store,
      userId,
      email,
      name: `Writer ${index}`,
      passwordHash: '$argon2id$crash-test',
      role: 'user',
      referral: null,
      metadata: metadata('anonymous'),
    });
    process.stdout.write(`ack account ${account.userId} ${account.position}\n`);

    const orderId = randomUUID();
    const place: PlaceOrder = {
      type: 'PlaceOrder',
      data: placeOrderData({
        orderId,
        userId: account.userId,
        userEmail: email,
        service: 'resume_rewrite',
        description: `Order of writer ${index}`,
        customerUploads: [{ fileId: randomUUID(), name: 'cv.pdf' }],
      }),
      metadata: metadata(`user:${account.userId}`),
    };
    const placed = await handleCommand({
      store,
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: place,
    });
    process.stdout.write(`ack order ${orderId} ${placed.position}\n`);
    recent.push({ orderId, userId: account.userId });

    // Another writer may switch the same order at the same moment: the stream version decides.
    const target = recent[Math.max(0, recent.length - 1 - (index % 2))] ?? recent[0];
    if (target === undefined) continue;
    const currency: Currency = commands % 2 === 0 ? 'USD' : 'INR';
    const change: ChangeOrderCurrency = {
      type: 'ChangeOrderCurrency',
      data: { userId: target.userId, currency },
      metadata: metadata(`user:${target.userId}`),
    };
    const changed = await unlessRaceLost(
      handleCommand({
        store,
        streamName: orderStreamName(target.orderId),
        decider: orderDecider,
        command: change,
      }),
    );
    if (changed !== null && changed.position !== null) {
      process.stdout.write(`ack currency ${target.orderId} ${currency} ${changed.position}\n`);
    }
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
    .then(() => vaultPool.end())
    .then(() => server.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
});
