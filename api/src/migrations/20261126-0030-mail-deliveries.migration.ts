import { type Kysely, sql } from 'kysely';

/**
 * Which mails went out (api/src/mail/mail-deliveries.ts), by their deterministic id: a mail
 * about an event is sent once even when the event is handled again after the queue forgot the
 * job's key (a replay from checkpoint zero, the in-process queue after a restart).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are untyped by design (Kysely guidance)
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_deliveries')
    .ifNotExists()
    .addColumn('mail_id', 'text', (column) => column.primaryKey())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('claimed_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addCheckConstraint('mail_deliveries_state_check', sql`state in ('sending', 'sent')`)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_deliveries').execute();
}
