import { enqueueMail } from '../../../mail/mail-job';
import type { Mailer, OutgoingMail } from '../../../mail/mailer.port';
import type { JobQueue } from '../../../queue/job-queue.port';

interface ReplyDelivery {
  /** The mail server took the message while the admin waited. */
  sendOk: boolean;
  /** The dev outbox link, when mail goes to the outbox. */
  previewUrl: string | null;
}

export interface ReplySender {
  send(mail: OutgoingMail): Promise<ReplyDelivery>;
}

export interface ReplySenderOptions {
  mailer: Mailer;
  queue: JobQueue;
  /** How long the admin waits for the mail server. */
  timeoutMs: number;
  onQueued?: (mailId: string, error: unknown) => void;
}

/**
 * How `sendOk` is known: a reply is sent while the admin waits (bounded by `timeoutMs`), because
 * the reply record must say whether it went out and the queue cannot report back to a request.
 * When the server refuses or is too slow, the same mail (same id, so the same Message-ID and one
 * queue job) goes to the `mail.send` queue, which retries it with backoff; the reply is then
 * recorded with sendOk false ("not delivered yet"). A slow send that finishes after the timeout
 * may therefore arrive twice, with one Message-ID, which mail clients fold into one.
 */
export function createReplySender(options: ReplySenderOptions): ReplySender {
  return {
    async send(mail) {
      try {
        const sent = await withTimeout(options.mailer.send(mail), options.timeoutMs);
        return { sendOk: true, previewUrl: sent.previewUrl };
      } catch (error) {
        await enqueueMail(options.queue, mail);
        options.onQueued?.(mail.id, error);
        return { sendOk: false, previewUrl: null };
      }
    },
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Mail server did not answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
