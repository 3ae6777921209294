import { Link } from '@react-email/link';
import { greeting, MailLayout, Paragraph } from './brand';
import { defineMail } from './define-mail';

export const RESET_MAIL_SUBJECT = 'Reset your Shortlist password';
export const NO_ACCOUNT_MAIL_SUBJECT = 'Your Shortlist password reset request';

export const passwordResetMail = defineMail<{ name: string | null; link: string }>({
  audience: 'customer',
  reminder: false,
  subject: () => RESET_MAIL_SUBJECT,
  body: (data) => (
    <MailLayout preview="Choose a new password" heading="Reset your password">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        Someone (hopefully you) asked to reset the password of your Shortlist account. Open this
        link within 1 hour to choose a new password:
      </Paragraph>
      <Paragraph>
        <Link href={data.link}>{data.link}</Link>
      </Paragraph>
      <Paragraph>
        The link works once. If you did not ask for it, ignore this e-mail: your password stays as
        it is.
      </Paragraph>
    </MailLayout>
  ),
});

/**
 * The answer to a reset asked for an address no account uses. Written only where /forgot hands
 * out a preview link (MAIL_PREVIEW_LINKS), so that every answer there carries a link and the
 * answer says nothing about which addresses have accounts.
 */
export const noAccountMail = defineMail<Record<string, never>>({
  audience: 'customer',
  reminder: false,
  subject: () => NO_ACCOUNT_MAIL_SUBJECT,
  body: () => (
    <MailLayout preview="No account uses this address" heading="Password reset request">
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        Someone asked to reset the password of a Shortlist account for this e-mail address, but no
        account uses this address. If it was not you, ignore this e-mail.
      </Paragraph>
    </MailLayout>
  ),
});

/** An admin's answer to a Contact-page query, the customer's own message quoted below it. */
export const supportReplyMail = defineMail<{
  subject: string;
  body: string;
  original: string | null;
}>({
  audience: 'customer',
  reminder: false,
  subject: (data) => data.subject,
  body: (data) => (
    <MailLayout preview={data.subject}>
      {lines(data.body).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text never move
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      {data.original === null ? null : (
        <>
          <Paragraph>You wrote:</Paragraph>
          {lines(data.original).map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text never move
            <Paragraph key={index}>&gt; {line}</Paragraph>
          ))}
        </>
      )}
    </MailLayout>
  ),
});

function lines(text: string): string[] {
  return text.split('\n');
}
