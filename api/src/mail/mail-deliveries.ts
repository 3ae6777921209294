import { type Kysely, sql } from 'kysely';

/**
 * The record of sent mails (table `mail_deliveries`). The queue's job key already makes one
 * job of one mail while the queue remembers the key (BullMQ: 7 days; the in-process queue: while
 * the process lives); this record makes it one mail for good, so replaying the mail reactor from
 * zero or restarting an embedded server sends nothing twice.
 *
 * While a mail is being sent, its id is held by a session advisory lock on the connection that
 * will record it: a second process (another queue that got the same mail) sees it busy and
 * retries later, when the record says "sent". A process that dies mid-send loses its
 * connection and with it the lock, so the queue's retry sends the mail at once: nothing waits
 * for a claim to expire, and nothing is skipped that was not sent.
 */
export interface MailDeliveries {
  /** Runs `send` unless the mail was sent; throws MailBusyError while another sends it. */
  sendOnce(mailId: string, send: () => Promise<void>): Promise<'sent' | 'already-sent'>;
}

export class MailBusyError extends Error {
  constructor(mailId: string) {
    super(`Mail ${mailId} is being sent by another process; retried later`);
    this.name = 'MailBusyError';
  }
}

/** The advisory lock's first key: this use's own space, apart from the subscribers' leases. */
const LOCK_SPACE = 0x6d61696c; // 'mail'

// biome-ignore lint/suspicious/noExplicitAny: the api's own table is outside the read-model types
export function createMailDeliveries(db: Kysely<any>): MailDeliveries {
  return {
    sendOnce: (mailId, send) =>
      db.connection().execute(async (conn) => {
        const { rows } = await sql<{ locked: boolean }>`
          SELECT pg_try_advisory_lock(${LOCK_SPACE}, hashtext(${mailId})) AS locked`.execute(conn);
        if (rows[0]?.locked !== true) throw new MailBusyError(mailId);
        try {
          const sent = await sql`SELECT 1 FROM mail_deliveries WHERE mail_id = ${mailId}`.execute(
            conn,
          );
          if (sent.rows.length > 0) return 'already-sent';
          await send();
          await sql`
            INSERT INTO mail_deliveries (mail_id, state, claimed_at, sent_at)
            VALUES (${mailId}, 'sent', now(), now())
            ON CONFLICT (mail_id) DO NOTHING`.execute(conn);
          return 'sent';
        } finally {
          await sql`SELECT pg_advisory_unlock(${LOCK_SPACE}, hashtext(${mailId}))`.execute(conn);
        }
      }),
  };
}
