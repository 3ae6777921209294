import { isFree } from '@shortlist/domain';
import type { EventStore } from '@shortlist/eventstore';
import type { Database } from '@shortlist/projections';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { deterministicEventId } from '../../commands/deterministic-event-id';
import type { JobQueue } from '../../queue/job-queue.port';
import { enqueueMail, MAIL_ATTEMPTS, MAIL_BACKOFF_MS } from '../mail-job';
import { renderMail } from '../templates/mail-catalogue';
import { unsubscribeToken } from '../unsubscribe/unsubscribe-token';
import { createMailFacts } from './mail-facts';
import { mailLinks } from './mail-links';

/** The delayed job that reminds a customer of an order still unpaid. */
export const UNPAID_REMINDER_JOB = 'mail.unpaid-reminder';

const payloadSchema = z.object({ orderId: z.string().min(1) });

/** How long from now until the reminder is due: placed + delay, never negative. */
export function reminderDelayMs(placedAt: string, delaySeconds: number, nowMs: number): number {
  return Math.max(0, Date.parse(placedAt) + delaySeconds * 1000 - nowMs);
}

/**
 * Schedules the order's one reminder. The key is the order's, so the mail reactor handling
 * OrderPlaced again (a redelivery, another instance) schedules nothing more.
 */
export async function scheduleUnpaidReminder(
  queue: JobQueue,
  orderId: string,
  delayMs: number,
): Promise<void> {
  await queue.enqueue(
    UNPAID_REMINDER_JOB,
    { orderId },
    {
      key: `unpaid-reminder:${orderId}`,
      delayMs,
      attempts: MAIL_ATTEMPTS,
      backoffMs: MAIL_BACKOFF_MS,
    },
  );
}

/**
 * When due, the reminder looks at the order as it is then: paid, deleted, expired or erased
 * orders get none, nor does a customer who unsubscribed from reminders meanwhile.
 */
export function registerUnpaidReminderJob(
  queue: JobQueue,
  deps: {
    store: EventStore;
    publicOrigin: string;
    secret: string;
    logger: { info(object: object, message: string): void };
  },
): void {
  const facts = createMailFacts(deps.store);
  const links = mailLinks(deps.publicOrigin);
  queue.process(UNPAID_REMINDER_JOB, async (payload) => {
    const { orderId } = payloadSchema.parse(payload);
    const order = await facts.order(orderId);
    const skipped = (reason: string) =>
      deps.logger.info({ orderId, reason }, 'Unpaid reminder not sent');
    if (order === null || order.gone || order.email === null) return skipped('order removed');
    if (order.paid || isFree(order.amount)) return skipped('order paid');
    if (await facts.remindersUnsubscribed(order.userId)) return skipped('unsubscribed');
    const mail = await renderMail(
      'unpaid-reminder',
      {
        name: order.name,
        orderId,
        planName: order.planName,
        amount: order.amount,
        currency: order.currency,
        checkoutUrl: links.checkout(orderId),
      },
      {
        id: deterministicEventId('mail:unpaid-reminder', orderId),
        to: order.email,
        unsubscribeUrl: links.unsubscribe(unsubscribeToken(deps.secret, order.userId)),
      },
    );
    await enqueueMail(queue, mail);
  });
}

/** At most this many reminders are scheduled again at one start. */
const RESCHEDULE_LIMIT = 10_000;

/**
 * Schedules again the reminders of orders still unpaid whose reminder may not have gone out.
 * The in-process queue (embedded mode) forgets delayed jobs when the server stops; BullMQ keeps
 * them and ignores the repeat (same key). Either way the mail's fixed id and the delivery
 * record keep it to one reminder per order.
 */
export async function rescheduleUnpaidReminders(
  db: Kysely<Database>,
  queue: JobQueue,
  options: { delaySeconds: number; nowMs: number },
): Promise<number> {
  // An order older than the delay plus a day had its chance (a reminder late by days is noise).
  const since = new Date(options.nowMs - (options.delaySeconds + 24 * 3600) * 1000);
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'created_at'])
    .where('payment_status', '=', 'unpaid')
    .where('erased_at', 'is', null)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(RESCHEDULE_LIMIT)
    .execute();
  for (const row of rows) {
    const placedAt = new Date(row.created_at).toISOString();
    await scheduleUnpaidReminder(
      queue,
      row.id,
      reminderDelayMs(placedAt, options.delaySeconds, options.nowMs),
    );
  }
  return rows.length;
}
