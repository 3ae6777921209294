import { isFree } from '@shortlist/domain';
import type { EventStore } from '@shortlist/eventstore';
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
