import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OutgoingMail } from '../mailer.port';
import { noAccountMail, passwordResetMail, supportReplyMail } from './account-mails';
import { adminOrderPaidMail } from './admin-mails';
import {
  deliveryReadyMail,
  orderCompletedMail,
  orderPlacedMail,
  orderRefundedMail,
  paymentReceiptMail,
  suggestionsReadyMail,
  unpaidReminderMail,
  workStartedMail,
} from './customer-mails';
import type { MailTemplate } from './define-mail';
import {
  influencerQueryReplyMail,
  payoutApprovedMail,
  payoutPaidMail,
  payoutRejectedMail,
  rewardClawedBackMail,
  rewardCreditedMail,
} from './influencer-mails';

/**
 * Every mail the product sends, by kind: the one place their words and look live. A new mail
 * is one template here plus one line in the mail reactor's mapping (mail-reactions.ts).
 */
export const MAIL_TEMPLATES = {
  'order-placed': orderPlacedMail,
  'unpaid-reminder': unpaidReminderMail,
  'payment-receipt': paymentReceiptMail,
  'work-started': workStartedMail,
  'delivery-ready': deliveryReadyMail,
  'suggestions-ready': suggestionsReadyMail,
  'order-completed': orderCompletedMail,
  'order-refunded': orderRefundedMail,
  'password-reset': passwordResetMail,
  'no-account': noAccountMail,
  'support-reply': supportReplyMail,
  'reward-credited': rewardCreditedMail,
  'reward-clawed-back': rewardClawedBackMail,
  'payout-approved': payoutApprovedMail,
  'payout-paid': payoutPaidMail,
  'payout-rejected': payoutRejectedMail,
  'influencer-query-reply': influencerQueryReplyMail,
  'admin-order-paid': adminOrderPaidMail,
} as const;

export type MailKind = keyof typeof MAIL_TEMPLATES;
export type MailData<K extends MailKind> =
  (typeof MAIL_TEMPLATES)[K] extends MailTemplate<infer Data> ? Data : never;

/**
 * The plain-text part, converted from the HTML with React Email's own selectors (its
 * `toPlainText`), compiled once: `toPlainText` compiles them again on every call, which cost
 * three times the conversion itself. Headings read as written (html-to-text shouts them in
 * capitals by default).
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, { selector: 'h1', options: { uppercase: false } }],
});

/** React Email's document type, which its `render` puts before the markup. */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * A mail's HTML: React's static renderer, which React's documentation names for e-mail. React
 * Email's `render` streams instead (for templates that suspend; ours are plain data) and leaves
 * React's stream markers (`<!--$-->`) in the mail; the markup is otherwise the same
 * (mail-catalogue.unit.spec.ts holds every template to it), at a fifth of the CPU.
 */
export function renderMailHtml(element: ReactElement): string {
  return XHTML_DOCTYPE + renderToStaticMarkup(element).replace(/<!DOCTYPE.*?>/, '');
}

export interface MailEnvelope {
  /** The mail's stable id (Message-ID, outbox file, queue key). */
  id: string;
  to: string;
  /** Required for reminder-type mails, ignored for the others. */
  unsubscribeUrl?: string;
}

/**
 * Renders one mail to its HTML and plain-text parts. A reminder-type mail also carries the
 * List-Unsubscribe headers (RFC 2369, and RFC 8058's one-click POST), so a mail client's own
 * "Unsubscribe" button works without opening the mail.
 */
export async function renderMail<K extends MailKind>(
  kind: K,
  data: MailData<K>,
  envelope: MailEnvelope,
): Promise<OutgoingMail> {
  // One template type per call; TypeScript cannot narrow the catalogue's union from K itself.
  const template = MAIL_TEMPLATES[kind] as unknown as MailTemplate<MailData<K>>;
  if (template.reminder && envelope.unsubscribeUrl === undefined) {
    throw new Error(`The ${kind} mail is a reminder: it needs an unsubscribe link`);
  }
  const unsubscribeUrl = template.reminder ? envelope.unsubscribeUrl : undefined;
  const element = template.body(Object.assign({}, data, { unsubscribeUrl }));
  // One render per mail: the plain-text part is converted from the HTML, as React Email's own
  // `plainText` option does after a second, identical render (a mail goes with most orders).
  const html = renderMailHtml(element);
  const text = toPlainText(html);
  return {
    id: envelope.id,
    to: envelope.to,
    subject: template.subject(data),
    text,
    html,
    ...(unsubscribeUrl === undefined
      ? {}
      : {
          headers: {
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }),
  };
}
