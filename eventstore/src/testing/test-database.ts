import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Integration tests talk to the real PostgreSQL on this machine (STACK.md). Each test file gets
 * its own freshly created database so parallel files and parallel CI runs never collide.
 * TEST_DATABASE_ADMIN_URL points at a server where we may CREATE DATABASE.
 */
const adminUrl =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** How long a drop waits for the database's sessions to end on their own before forcing. */
const SESSIONS_GONE_WITHIN_MS = 10_000;

export interface TestDatabase {
  /** Connection string of the new, empty database. */
  url: string;
  name: string;
  /**
   * Drops the database once the sessions still connected to it have gone (see below); any
   * left after `sessionsGoneWithinMs` (default SESSIONS_GONE_WITHIN_MS) are terminated.
   */
  drop(options?: { sessionsGoneWithinMs?: number }): Promise<void>;
}

export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: (options) =>
      dropTestDatabase(name, options?.sessionsGoneWithinMs ?? SESSIONS_GONE_WITHIN_MS),
  };
}

/**
 * `pool.end()` resolves once it has asked its idle clients to end, not once their server
 * sessions have closed. DROP DATABASE … WITH (FORCE) right after it terminates those sessions
 * ("57P01 terminating connection due to administrator command"), and the error reaches a client
 * that is still the pool's, whose pool usually has no 'error' listener in a test: an unhandled
 * error that fails the whole run. So the drop first waits, briefly, for the sessions of a
 * database that is being closed to end by themselves, and forces only a leftover.
 */
async function dropTestDatabase(name: string, sessionsGoneWithinMs: number): Promise<void> {
  await withAdmin(async (client) => {
    const deadline = Date.now() + sessionsGoneWithinMs;
    for (;;) {
      const { rows } = await client.query<{ sessions: number }>(
        'SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if ((rows[0]?.sessions ?? 0) === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  // A lost connection also fails the query in flight, which reports it; unheard, the 'error'
  // event itself would be an unhandled error of the whole run.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
