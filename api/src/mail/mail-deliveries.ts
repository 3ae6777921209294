import { type Kysely, sql } from 'kysely';

/**
 * The record of sent mails (table `mail_deliveries`). The queue's job key already makes one
 * job of one mail while the queue remembers the key (BullMQ: 7 days; the in-process queue: while
 * the process lives); this record makes it one mail for good, so replaying the mail reactor from
 * zero or restarting an embedded server sends nothing twice.
 *
 * A send first claims the id. A claim left by a process that died mid-send expires after
 * CLAIM_TTL (far longer than the SMTP timeouts), so the mail is then retried rather than lost.
 */
export interface MailDeliveries {
  /** True when this caller now owns the send; false when it was sent or is being sent. */
  claim(mailId: string): Promise<boolean>;
  markSent(mailId: string): Promise<void>;
  /** The send failed: let the queue's retry claim it again. */
  release(mailId: string): Promise<void>;
}

const CLAIM_TTL = '5 minutes';

// biome-ignore lint/suspicious/noExplicitAny: the api's own table is outside the read-model types
export function createMailDeliveries(db: Kysely<any>): MailDeliveries {
  return {
    async claim(mailId) {
      const { rows } = await sql<{ mail_id: string }>`
        INSERT INTO mail_deliveries (mail_id, state, claimed_at) VALUES (${mailId}, 'sending', now())
        ON CONFLICT (mail_id) DO UPDATE SET claimed_at = now()
          WHERE mail_deliveries.state = 'sending'
            AND mail_deliveries.claimed_at < now() - ${CLAIM_TTL}::interval
        RETURNING mail_id`.execute(db);
      return rows.length === 1;
    },
    async markSent(mailId) {
      await sql`UPDATE mail_deliveries SET state = 'sent', sent_at = now() WHERE mail_id = ${mailId}`.execute(
        db,
      );
    },
    async release(mailId) {
      await sql`DELETE FROM mail_deliveries WHERE mail_id = ${mailId} AND state = 'sending'`.execute(
        db,
      );
    },
  };
}
