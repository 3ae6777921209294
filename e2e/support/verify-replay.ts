import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ledgerHistory, ledgerStatement, withStore } from '@shortlist/api';
import type { Position, RecordedEvent } from '@shortlist/eventstore';
import { apiCall } from './customer-api';
import type { TestServer } from './server';

/**
 * What must hold of a server's database once the journeys are done: the read models are what a
 * replay of the events gives, and every influencer's statement ends at the ledger read model's
 * balance.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface AuditVerify {
  exitCode: number | null;
  /** What `npm run audit -- verify` printed: one line per projection, then the verdict. */
  lines: string[];
}

/** `npm run audit -- verify` against the server's database, as an operator runs it. */
export function auditVerify(server: TestServer): Promise<AuditVerify> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'audit', '--', 'verify'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: server.databaseUrl, EVENTSTORE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (exitCode) => {
      const lines = output.split('\n').filter((line) => line.trim() !== '');
      // npm's own warnings about the machine's config are not the audit's output.
      resolve({ exitCode, lines: lines.filter((line) => !line.startsWith('npm warn')) });
    });
  });
}

export interface InfluencerBalances {
  influencerId: string;
  /** The running balance on the statement's last line (0 with no line). */
  statement: number;
  /** The ledger read model's balance, as the admin's influencer list shows it. */
  ledger: number | null;
}

/**
 * Every event in the store, oldest first, read as the app reads them: through the key vault's
 * decrypting store (personal fields open, or null once erased), so the catalogue decodes them.
 */
async function allEvents(databaseUrl: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  await withStore(databaseUrl, undefined, async (store) => {
    let after: Position | null = null;
    for (;;) {
      const page = await store.readAll({ after, limit: 1000 });
      events.push(...page);
      const last = page.at(-1);
      if (last === undefined || page.length < 1000) return 0;
      after = last.position;
    }
  });
  return events;
}

/**
 * For every influencer created on the server and not removed: the statement's closing balance,
 * built from its ledger stream by the statement route's own builder, beside the read model's.
 */
export async function influencerBalances(
  server: TestServer,
  adminToken: string,
): Promise<InfluencerBalances[]> {
  const events = await allEvents(server.databaseUrl);
  const streams = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    const list = streams.get(event.streamName);
    if (list) list.push(event);
    else streams.set(event.streamName, [event]);
  }
  const live = events
    .filter((event) => event.type === 'InfluencerCreated')
    .filter(
      (created) =>
        !(streams.get(created.streamName) ?? []).some(
          (event) => event.type === 'InfluencerRemoved',
        ),
    );
  const listed = await apiCall<{ items: { _id: string; stats: { balance: number } }[] }>(
    server.url,
    '/admin/influencers',
    { token: adminToken },
  );
  if (listed.status !== 200) throw new Error(`admin influencer list answered ${listed.status}`);
  const readModel = new Map(listed.body.items.map((item) => [item._id, item.stats.balance]));
  return live.map((created) => {
    const influencerId = String(created.data.influencerId);
    const events = streams.get(created.streamName) ?? [];
    const statement = ledgerStatement(ledgerHistory(created.streamName, events));
    return {
      influencerId,
      statement: statement.at(-1)?.balance ?? 0,
      ledger: readModel.get(influencerId) ?? null,
    };
  });
}
