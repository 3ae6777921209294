import type { ReactElement } from 'react';

/** Who a mail is written for (the README's mail table groups them so). */
export type MailAudience = 'customer' | 'influencer' | 'admin';

/** What every template may add to its own data when it is rendered. */
export interface MailExtras {
  /** Reminder-type mails only: the one-click unsubscribe page (also the List-Unsubscribe header). */
  unsubscribeUrl?: string | undefined;
}

/**
 * One mail: its subject and its body, both from the same data. The body is a React Email
 * component: JSX escapes every value it prints, so a name or a reply written by a person can
 * never become markup, and the plain-text part is rendered from the same tree.
 */
export interface MailTemplate<Data> {
  audience: MailAudience;
  /** Reminder-type: carries an unsubscribe link and List-Unsubscribe headers. */
  reminder: boolean;
  subject(data: Data): string;
  body(data: Data & MailExtras): ReactElement;
}

export function defineMail<Data>(template: MailTemplate<Data>): MailTemplate<Data> {
  return template;
}
