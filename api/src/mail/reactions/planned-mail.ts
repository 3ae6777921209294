import type { OutgoingMail } from '../mailer.port';
import { type MailData, type MailKind, renderMail } from '../templates/mail-catalogue';

/** A mail a reaction decided to send: its kind, its recipient, and how to render it. */
export interface PlannedMail {
  kind: MailKind;
  to: string;
  render(id: string): Promise<OutgoingMail>;
}

export function plannedMail<K extends MailKind>(
  kind: K,
  to: string,
  data: MailData<K>,
): PlannedMail {
  return { kind, to, render: (id) => renderMail(kind, data, { id, to }) };
}
