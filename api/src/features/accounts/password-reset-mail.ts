import type { OutgoingMail } from '../../mail/mailer.port';
import { escapeHtml } from '../../mail/outbox-preview.page';

export const RESET_MAIL_SUBJECT = 'Reset your Shortlist password';

/** The reset mail: the link, how long it works, and what to do if it was not you. */
export function passwordResetMail(input: {
  id: string;
  to: string;
  name: string | null;
  link: string;
}): OutgoingMail {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const text = [
    greeting,
    '',
    'Someone (hopefully you) asked to reset the password of your Shortlist account.',
    'Open this link within 1 hour to choose a new password:',
    '',
    input.link,
    '',
    'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    '',
    'Shortlist',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    '<p>Someone (hopefully you) asked to reset the password of your Shortlist account.',
    'Open this link within 1 hour to choose a new password:</p>',
    `<p><a href="${link}">${link}</a></p>`,
    '<p>The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>',
    '<p>Shortlist</p>',
  ].join('\n');
  return { id: input.id, to: input.to, subject: RESET_MAIL_SUBJECT, text, html };
}

export const NO_ACCOUNT_MAIL_SUBJECT = 'Your Shortlist password reset request';

/**
 * The answer to a reset asked for an address no account uses. Written only where /forgot hands
 * out a preview link (MAIL_PREVIEW_LINKS), so that every answer there carries a link and the
 * answer says nothing about which addresses have accounts.
 */
export function noAccountMail(input: { id: string; to: string }): OutgoingMail {
  const text = [
    'Hello,',
    '',
    'Someone asked to reset the password of a Shortlist account for this e-mail address,',
    'but no account uses this address. If it was not you, ignore this e-mail.',
    '',
    'Shortlist',
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    '<p>Someone asked to reset the password of a Shortlist account for this e-mail address,',
    'but no account uses this address. If it was not you, ignore this e-mail.</p>',
    '<p>Shortlist</p>',
  ].join('\n');
  return { id: input.id, to: input.to, subject: NO_ACCOUNT_MAIL_SUBJECT, text, html };
}
