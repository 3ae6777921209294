import type { Config } from '../config/config';
import { outboxDir } from '../mail/create-mailer';

/**
 * What the person who ran `npm start` needs to know and would otherwise find out the hard way,
 * printed once the server listens: how to become admin when there is none, where mail goes,
 * that payments are simulated, that the site is in maintenance. Plain sentences for a console.
 */
export function firstRunNotices(input: {
  url: string;
  config: Pick<Config, 'smtpUrl' | 'dataDir' | 'maintenance'>;
  paymentsSimulated: boolean;
  /** The one-time first-admin token, when no admin exists yet. */
  setupToken: string | null;
}): string[] {
  const { url, config } = input;
  const notices: string[] = [];
  if (input.setupToken !== null) {
    // In the fragment, so the token never travels in a request line, a log or a Referer.
    notices.push(
      `No admin account yet. To create the first one, open this link in a browser on this machine (it works once): ${url}/admin/setup#token=${input.setupToken}`,
    );
  }
  if (config.smtpUrl === null) {
    notices.push(
      `Mail is not delivered: it is kept in the local outbox (${outboxDir(config)}), which admins read at ${url}/admin/outbox. Set SMTP_URL to send it.`,
    );
  } else {
    // The host only: SMTP_URL may carry a user name and password.
    const smtp = new URL(config.smtpUrl);
    notices.push(`Mail goes to the SMTP server ${smtp.hostname}:${smtp.port || '25'}.`);
  }
  if (input.paymentsSimulated) {
    notices.push(
      'Payments are simulated by the local Razorpay sandbox: no money moves. Set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET to take real payments.',
    );
  }
  if (config.maintenance) {
    notices.push('MAINTENANCE is on: the customer site shows only the maintenance screen.');
  }
  return notices;
}
