import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateSandbox } from './migrate-sandbox';

// The sandbox stands alone (no workspace imports): its own scratch database, like the others'.
const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let scratch: { name: string; pool: pg.Pool } | null = null;

async function scratchDatabase(): Promise<pg.Pool> {
  const name = `sandbox_mig_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 6 });
  // pool.end() resolves before its sessions have closed, so the DROP … WITH (FORCE) below may
  // still terminate one (57P01): heard here, not an unhandled error of the run.
  pool.on('error', () => undefined);
  scratch = { name, pool };
  return pool;
}

afterEach(async () => {
  if (scratch === null) return;
  await scratch.pool.end();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${scratch.name} WITH (FORCE)`);
  await admin.end();
  scratch = null;
});

describe('the sandbox books as a Kysely migration', () => {
  it('creates the books once when several processes start together', async () => {
    const pool = await scratchDatabase();
    await Promise.all([migrateSandbox(pool), migrateSandbox(pool), migrateSandbox(pool)]);
    const { rows } = await pool.query<{ name: string }>(
      'SELECT name FROM razorpay_sandbox.sandbox_migrations',
    );
    expect(rows.map((row) => row.name)).toEqual([
      '20251124-0900-sandbox-books',
      '20261128-0900-payment-instruments',
    ]);
    const tables = await pool.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'razorpay_sandbox'
       AND table_name IN ('orders', 'payments', 'refunds') ORDER BY table_name`,
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(['orders', 'payments', 'refunds']);
  });

  it('adopts the books of a database written before the migration, keeping its orders', async () => {
    const pool = await scratchDatabase();
    // What the ad-hoc CREATE TABLE IF NOT EXISTS of earlier releases left behind.
    await pool.query(`CREATE SCHEMA razorpay_sandbox;
      CREATE TABLE razorpay_sandbox.orders (id text PRIMARY KEY, key_id text NOT NULL,
        amount bigint NOT NULL, amount_paid bigint NOT NULL DEFAULT 0, currency text NOT NULL,
        receipt text, status text NOT NULL DEFAULT 'created', attempts integer NOT NULL DEFAULT 0,
        notes jsonb NOT NULL DEFAULT '{}', created_at bigint NOT NULL);
      INSERT INTO razorpay_sandbox.orders (id, key_id, amount, currency, created_at)
        VALUES ('order_Old', 'rzp_test_x', 49900, 'INR', 1);`);
    await migrateSandbox(pool);
    const { rows } = await pool.query('SELECT id, amount FROM razorpay_sandbox.orders');
    expect(rows).toEqual([{ id: 'order_Old', amount: '49900' }]);
  });
});
