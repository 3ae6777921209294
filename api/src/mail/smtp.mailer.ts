import nodemailer from 'nodemailer';
import { type Mailer, messageIdFor } from './mailer.port';

export interface SmtpMailerOptions {
  /** smtp://user:password@host:587 or smtps://… (SMTP_URL). */
  url: string;
  /** The From header (MAIL_FROM). */
  from: string;
}

/**
 * Real delivery over SMTP. Timeouts are short on purpose: a hung server should fail the job so
 * the queue retries it later, not hold a worker for nodemailer's default two minutes.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
        ...(mail.headers === undefined ? {} : { headers: mail.headers }),
        // The same id on every retry lets the receiving side spot a duplicate delivery.
        messageId: messageIdFor(mail.id),
      });
      return { messageId: info.messageId, previewUrl: null };
    },
    async close() {
      transport.close();
    },
  };
}
