import { join } from 'node:path';
import type { Config } from '../config/config';
import type { Mailer } from './mailer.port';
import { createOutboxMailer, outboxPreviewUrl } from './outbox.mailer';
import { createSmtpMailer } from './smtp.mailer';

/**
 * Where the open preview route is mounted (under /api), only with MAIL_PREVIEW_LINKS: it shows
 * anyone who has the link the mail it holds, reset links included.
 */
export const OUTBOX_ROUTE_PREFIX = '/dev/outbox';

/** Where admins read the outbox (under /api, inside the admin context): features/admin/outbox. */
const ADMIN_OUTBOX_ROUTE_PREFIX = '/admin/outbox';

export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'outbox');
}

/**
 * The open preview route and /forgot's `devPreviewUrl` exist only under the explicit development
 * switch (config.ts refuses it in production and beside SMTP, and binds the server to loopback).
 */
export function devOutboxEnabled(config: Pick<Config, 'mailPreviewLinks' | 'smtpUrl'>): boolean {
  return config.mailPreviewLinks && config.smtpUrl === null;
}

/** SMTP when SMTP_URL is set; otherwise the local outbox (embedded and development runs). */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl !== null)
    return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  // The links a mailer reports (an admin's reply history) lead to the admin outbox route,
  // which needs an admin token: an outbox message may hold someone's reset link.
  return createOutboxMailer({
    dir: outboxDir(config),
    from: config.mailFrom,
    previewBaseUrl: `${config.publicOrigin}/api${ADMIN_OUTBOX_ROUTE_PREFIX}`,
  });
}

/**
 * The open preview link of a mail about to be sent with this id, for answers such as /forgot's
 * `devPreviewUrl` (SPEC §7: shown when provided): only under MAIL_PREVIEW_LINKS. Known before
 * the job runs because the outbox names the file after the id.
 */
export function devPreviewUrlFor(
  config: Pick<Config, 'mailPreviewLinks' | 'publicOrigin' | 'smtpUrl'>,
  id: string,
): string | null {
  if (!devOutboxEnabled(config)) return null;
  return outboxPreviewUrl(
    { previewBaseUrl: `${config.publicOrigin}/api${OUTBOX_ROUTE_PREFIX}` },
    id,
  );
}
