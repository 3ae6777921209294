import { join } from 'node:path';
import type { Config } from '../config/config';
import type { Mailer } from './mailer.port';
import { createOutboxMailer, outboxPreviewUrl } from './outbox.mailer';
import { createSmtpMailer } from './smtp.mailer';

/** Where the dev preview route is mounted (under /api). */
export const OUTBOX_ROUTE_PREFIX = '/dev/outbox';

export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'outbox');
}

/** The preview page exists only outside production: it shows anyone the mail it holds. */
export function outboxPreviewEnabled(config: Pick<Config, 'nodeEnv'>): boolean {
  return config.nodeEnv !== 'production';
}

function previewBaseUrl(config: Pick<Config, 'nodeEnv' | 'publicOrigin'>): string | null {
  return outboxPreviewEnabled(config) ? `${config.publicOrigin}/api${OUTBOX_ROUTE_PREFIX}` : null;
}

/** SMTP when SMTP_URL is set; otherwise the local outbox (embedded and development runs). */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl !== null)
    return createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  return createOutboxMailer({
    dir: outboxDir(config),
    from: config.mailFrom,
    previewBaseUrl: previewBaseUrl(config),
  });
}

/**
 * The preview link of a mail about to be sent with this id, for answers such as /forgot's
 * `devPreviewUrl` (SPEC §7): only outside production and only when mail goes to the outbox.
 * Known before the job runs because the outbox names the file after the id.
 */
export function devPreviewUrlFor(
  config: Pick<Config, 'nodeEnv' | 'publicOrigin' | 'smtpUrl'>,
  id: string,
): string | null {
  if (config.smtpUrl !== null) return null;
  return outboxPreviewUrl({ previewBaseUrl: previewBaseUrl(config) }, id);
}
