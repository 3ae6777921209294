import {
  createKurrentDbEventStore,
  createPostgresEventStore,
  type EventStore,
  migratePostgresEventStore,
} from '@shortlist/eventstore';
import { createKysely, formatVerifyReport, verifyProjections } from '@shortlist/projections';
import pg from 'pg';
import { migrateApiTables } from '../../../migrations/migrate-api';
import { encryptingEventStore } from '../../../personal-data/encrypting-event-store';
import { createPostgresKeyVault } from '../../../personal-data/key-vault';
import type { AdminCliEnv, AdminCliOutput } from '../admin-cli';
import { readAuditTrailFromStreams } from './audit-trail';

const AUDIT_USAGE = 'usage: audit stream <stream-id> | audit verify';

/**
 * The audit commands, for `npm run audit` (audit.cli.ts):
 *   stream <stream-id>  every event of one stream: version, time, type, actor, data (JSON)
 *   verify              replay every projection and compare it with the live read models
 * Events are read through the same decrypting store the app uses, so personal fields show in
 * clear, or null once crypto-shredded. Exit code: 0 ok, 1 a difference or an empty stream,
 * 2 a usage or configuration error.
 */
export async function runAudit(
  args: readonly string[],
  env: AdminCliEnv,
  output: AdminCliOutput,
): Promise<number> {
  const [command, streamId] = args;
  const connectionString = env.DATABASE_URL;
  if (!connectionString) {
    output.err('DATABASE_URL is not set: it must name the PostgreSQL database to audit');
    return 2;
  }
  if (command === 'stream' && streamId !== undefined && streamId.trim() !== '') {
    return withStore(connectionString, env.EVENTSTORE_URL, async (store) => {
      const entries = await readAuditTrailFromStreams(store, [streamId]);
      if (entries.length === 0) {
        output.err(`no events in stream ${streamId}`);
        return 1;
      }
      for (const entry of entries) {
        output.out(
          `#${entry.version}  ${entry.at}  ${entry.type}  by ${entry.actor ?? '(unknown)'}`,
        );
        output.out(`    ${JSON.stringify(entry.data)}`);
      }
      return 0;
    });
  }
  if (command === 'verify' && streamId === undefined) {
    return withStore(connectionString, env.EVENTSTORE_URL, async (store) => {
      const report = await verifyProjections({ connectionString, store });
      for (const line of formatVerifyReport(report)) output.out(line);
      return report.ok ? 0 : 1;
    });
  }
  output.err(AUDIT_USAGE);
  return 2;
}

/**
 * Runs `work` on the event store the app reads (PostgreSQL, or KurrentDB with EVENTSTORE_URL)
 * behind the key vault's decrypting decorator, then closes both.
 */
export async function withStore(
  connectionString: string,
  eventStoreUrl: string | undefined,
  work: (store: EventStore) => Promise<number>,
): Promise<number> {
  let raw: EventStore;
  if (eventStoreUrl) {
    raw = createKurrentDbEventStore({ connectionString: eventStoreUrl });
  } else {
    // Idempotent; an audit of a database the API never started on then reads "no events".
    await migratePostgresEventStore(connectionString);
    raw = createPostgresEventStore({ connectionString });
  }
  const vaultPool = new pg.Pool({ connectionString, max: 2 });
  vaultPool.on('error', () => undefined);
  try {
    await migrateApiTables(createKysely({ pool: vaultPool }));
    return await work(encryptingEventStore(raw, createPostgresKeyVault(vaultPool)));
  } finally {
    await raw.close();
    await vaultPool.end();
  }
}
