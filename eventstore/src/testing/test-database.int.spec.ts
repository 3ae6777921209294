import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './test-database';

/**
 * A test that closes its pool and drops its database at once must not see its pool's clients
 * terminated by the drop (57P01): the error would reach a pool without an 'error' listener, an
 * unhandled error that fails the whole run, whatever the test asserted.
 */
describe('dropping a test database', () => {
  it('never terminates the sessions of a pool that was just closed', async () => {
    const errors: Error[] = [];
    for (let round = 0; round < 15; round += 1) {
      const database = await createTestDatabase('drop');
      const pool = new pg.Pool({ connectionString: database.url, max: 8 });
      // Here only to count what a test's pool would have thrown as an unhandled error.
      pool.on('error', (error) => errors.push(error));
      await Promise.all(Array.from({ length: 8 }, () => pool.query('SELECT pg_sleep(0.01)')));
      await pool.end();
      await database.drop();
      // A terminated session's error arrives after the drop returns, if at all.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(errors.map((error) => error.message)).toEqual([]);
  });

  it('still drops a database a session was left connected to', async () => {
    const database = await createTestDatabase('drop');
    const leaked = new pg.Client({ connectionString: database.url });
    const lost = new Promise<Error>((resolve) => leaked.on('error', resolve));
    await leaked.connect();
    // The leaked session never ends by itself: the drop forces it after the wait, whose length
    // (10 s by default) this does not test.
    await database.drop({ sessionsGoneWithinMs: 500 });
    expect((await lost).message).toMatch(/terminating connection/);
    const admin = new pg.Client({
      connectionString:
        process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    await admin.connect();
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      database.name,
    ]);
    await admin.end();
    expect(rows).toEqual([]);
  }, 30_000);
});
