import type { JsonObject } from '@shortlist/eventstore';
import { z } from 'zod';
import type { JobQueue } from '../queue/job-queue.port';
import type { MailDeliveries } from './mail-deliveries';
import { MAIL_ID_PATTERN, type Mailer, type OutgoingMail } from './mailer.port';

const MAIL_SEND_JOB = 'mail.send';

/** 8 tries, the first retry after 5 s, doubling: a mail server may be away ~10 minutes. */
export const MAIL_ATTEMPTS = 8;
export const MAIL_BACKOFF_MS = 5000;

const payloadSchema = z.object({
  id: z.string().regex(MAIL_ID_PATTERN),
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

export interface EnqueueMailOptions {
  attempts?: number;
  backoffMs?: number;
}

/**
 * Queues a mail. The job key is the mail's id, so enqueueing the same mail twice (a retried
 * request, a reactor running again) sends it once.
 */
export async function enqueueMail(
  queue: JobQueue,
  mail: OutgoingMail,
  options: EnqueueMailOptions = {},
): Promise<void> {
  const payload: JsonObject = { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text };
  if (mail.html !== undefined) payload.html = mail.html;
  if (mail.headers !== undefined) payload.headers = mail.headers;
  await queue.enqueue(MAIL_SEND_JOB, payload, {
    key: mail.id,
    attempts: options.attempts ?? MAIL_ATTEMPTS,
    backoffMs: options.backoffMs ?? MAIL_BACKOFF_MS,
  });
}

export interface MailJobLogger {
  info(object: object, message: string): void;
}

/**
 * The `mail.send` handler: a throw (server down, refused) makes the queue retry with backoff.
 * With `deliveries`, a mail already sent is not sent again, and one another process is sending
 * right now is retried later (mail-deliveries.ts).
 */
export function registerMailJob(
  queue: JobQueue,
  mailer: Mailer,
  logger?: MailJobLogger,
  deliveries?: MailDeliveries,
): void {
  queue.process(MAIL_SEND_JOB, async (payload, job) => {
    const parsed = payloadSchema.parse(payload);
    const mail: OutgoingMail = {
      id: parsed.id,
      to: parsed.to,
      subject: parsed.subject,
      text: parsed.text,
      ...(parsed.html === undefined ? {} : { html: parsed.html }),
      ...(parsed.headers === undefined ? {} : { headers: parsed.headers }),
    };
    let messageId: string | null = null;
    const send = async () => {
      messageId = (await mailer.send(mail)).messageId;
    };
    if (deliveries === undefined) await send();
    else if ((await deliveries.sendOnce(mail.id, send)) === 'already-sent') {
      logger?.info({ mailId: mail.id }, 'Mail already sent; not sent again');
      return;
    }
    // The recipient and the body stay out of the log (personal data, reset links).
    logger?.info({ mailId: mail.id, messageId, attempt: job.attempt }, 'Mail sent');
  });
}
