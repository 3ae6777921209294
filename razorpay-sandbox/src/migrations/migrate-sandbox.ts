import { Kysely, type Migration, Migrator, PostgresDialect } from 'kysely';
import type pg from 'pg';
import * as sandboxBooks from './20251124-0900-sandbox-books.migration';
import * as paymentInstruments from './20261128-0900-payment-instruments.migration';

/** Listed by hand; names sort in the order they run; never edit one once it has landed. */
const migrations: Readonly<Record<string, Migration>> = {
  '20251124-0900-sandbox-books': sandboxBooks,
  '20261128-0900-payment-instruments': paymentInstruments,
};

/**
 * Brings the `razorpay_sandbox` schema up to date, the same way the read models and the api
 * tables are migrated (Kysely's Migrator, its record and lock in the schema itself). Several
 * processes may start at once: the migrator's lock lets one run the migrations.
 */
export async function migrateSandbox(pool: pg.Pool): Promise<void> {
  // Not destroyed afterwards: that would end the caller's pool.
  // biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    migrationTableSchema: 'razorpay_sandbox',
    migrationTableName: 'sandbox_migrations',
    migrationLockTableName: 'sandbox_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Sandbox migration ${failed ?? '(setup)'} failed`, { cause: error });
  }
}
