/**
 * Outgoing e-mail (ARCHITECTURE.md: mail through nodemailer). Two adapters: SMTP (SMTP_URL) and
 * a local outbox for embedded and development runs, whose messages can be opened in a browser.
 * Routes never send directly: they enqueue a `mail.send` job (mail-job.ts), so a request answers
 * at once and a failing mail server is retried with backoff.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on reminder-type mails. */
  headers?: Record<string, string>;
}

export interface OutgoingMail extends MailMessage {
  /**
   * Stable id of this message (a UUID or similar: letters, digits, '-'): its Message-ID and its
   * outbox file, so a retried send is recognisable and the outbox keeps one copy.
   */
  id: string;
}

export interface SentMail {
  messageId: string;
  /** Where a person can read the message (the dev outbox); null for real delivery. */
  previewUrl: string | null;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): Promise<void>;
}

/** Letters, digits and '-' only: the id becomes a file name and a URL segment. */
export { MAIL_ID_PATTERN } from '@shortlist/domain/contract';

export function messageIdFor(id: string): string {
  return `<${id}@shortlist.mail>`;
}
