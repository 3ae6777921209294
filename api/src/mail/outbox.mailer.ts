import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { MAIL_ID_PATTERN, type Mailer, messageIdFor } from './mailer.port';

export interface OutboxMailerOptions {
  /** DATA_DIR/outbox. */
  dir: string;
  from: string;
  /** Base of the preview links (…/api/admin/outbox); null where no route serves them. */
  previewBaseUrl: string | null;
}

/** A message as the outbox keeps it (one JSON file per message). */
export interface OutboxMessage {
  id: string;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra headers the mail carried (List-Unsubscribe on reminders). */
  headers: Record<string, string>;
  date: string;
}

const addressSchema = z.object({ address: z.string(), name: z.string().optional() });
// What nodemailer's jsonTransport produces (only the fields the outbox keeps).
const jsonTransportMessageSchema = z.object({
  from: addressSchema,
  to: z.array(addressSchema),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  messageId: z.string(),
});
const outboxMessageSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  // Files written before headers were kept have none.
  headers: z.record(z.string(), z.string()).default({}),
  date: z.string(),
});

/**
 * Embedded and development mail: nodemailer's jsonTransport composes the message exactly as it
 * would for SMTP, and the result is kept under DATA_DIR/outbox instead of being delivered, so a
 * developer can open a reset link without a mail server. Sending the same id again overwrites
 * the same file: a retried job leaves one copy.
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  // The folder is made when a write finds it missing (first mail, or removed since), not
  // before every mail.
  const writeMakingDir = async (path: string, content: string) => {
    try {
      await writeFile(path, content, { mode: 0o600 });
    } catch (error) {
      if (!isMissingFile(error)) throw error;
      await mkdir(options.dir, { recursive: true });
      await writeFile(path, content, { mode: 0o600 });
    }
  };
  return {
    async send(mail) {
      assertMailId(mail.id);
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
        ...(mail.headers === undefined ? {} : { headers: mail.headers }),
        messageId: messageIdFor(mail.id),
      });
      const composed = jsonTransportMessageSchema.parse(JSON.parse(info.message));
      const stored: OutboxMessage = {
        id: mail.id,
        messageId: composed.messageId,
        from: formatAddress(composed.from),
        to: composed.to.map(formatAddress).join(', '),
        subject: composed.subject,
        text: composed.text,
        html: composed.html ?? null,
        headers: mail.headers ?? {},
        date: new Date().toISOString(),
      };
      // Write then rename: a preview opened mid-write never sees half a file.
      const file = outboxFile(options.dir, mail.id);
      await writeMakingDir(`${file}.tmp`, JSON.stringify(stored, null, 2));
      await rename(`${file}.tmp`, file);
      return { messageId: composed.messageId, previewUrl: outboxPreviewUrl(options, mail.id) };
    },
    async close() {
      transport.close();
    },
  };
}

export function outboxPreviewUrl(
  options: Pick<OutboxMailerOptions, 'previewBaseUrl'>,
  id: string,
): string | null {
  return options.previewBaseUrl === null ? null : `${options.previewBaseUrl}/${id}`;
}

/** The stored message, or null when there is none (or the id could name no outbox file). */
export async function readOutboxMessage(dir: string, id: string): Promise<OutboxMessage | null> {
  if (!MAIL_ID_PATTERN.test(id)) return null;
  let raw: string;
  try {
    raw = await readFile(outboxFile(dir, id), 'utf8');
  } catch (error) {
    if (isMissingFile(error)) return null;
    throw error;
  }
  return outboxMessageSchema.parse(JSON.parse(raw));
}

/** What the admin outbox list shows of a message: never its body, which may hold a reset link. */
export interface OutboxSummary {
  id: string;
  to: string;
  subject: string;
  sentAt: string;
}

/** Past this many mails a recipient search looks no further back (the newest are searched). */
export const OUTBOX_SEARCH_SCAN_MAX = 5000;

/**
 * One page of the outbox, newest first; with `to`, only mails whose recipients contain it (any
 * case). Ordered by file time, so without a search only the messages shown are read and parsed;
 * a search reads the newest OUTBOX_SEARCH_SCAN_MAX at most, so its cost stays bounded however
 * large a long-running embedded install's outbox grows.
 */
export async function listOutboxMessages(
  dir: string,
  options: { limit: number; page?: number; to?: string | undefined },
): Promise<{ items: OutboxSummary[]; total: number }> {
  const ids = await outboxIdsNewestFirst(dir);
  const skip = ((options.page ?? 1) - 1) * options.limit;
  const needle = options.to?.trim().toLowerCase() ?? '';
  if (needle === '') {
    const shown = await readSummaries(dir, ids.slice(skip, skip + options.limit));
    return { items: shown, total: ids.length };
  }
  const scanned = await readSummaries(dir, ids.slice(0, OUTBOX_SEARCH_SCAN_MAX));
  const matches = scanned.filter((message) => message.to.toLowerCase().includes(needle));
  return { items: matches.slice(skip, skip + options.limit), total: matches.length };
}

async function outboxIdsNewestFirst(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isMissingFile(error)) return [];
    throw error;
  }
  const ids = names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((id) => MAIL_ID_PATTERN.test(id));
  const timed = await Promise.all(
    ids.map(async (id) => {
      try {
        return { id, mtimeMs: (await stat(outboxFile(dir, id))).mtimeMs };
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw error;
      }
    }),
  );
  return timed
    .filter((entry): entry is { id: string; mtimeMs: number } => entry !== null)
    .sort((a, b) => b.mtimeMs - a.mtimeMs || a.id.localeCompare(b.id))
    .map((entry) => entry.id);
}

async function readSummaries(dir: string, ids: readonly string[]): Promise<OutboxSummary[]> {
  const messages = await Promise.all(ids.map((id) => readOutboxMessage(dir, id)));
  return messages
    .filter((message): message is OutboxMessage => message !== null)
    .map((message) => ({
      id: message.id,
      to: message.to,
      subject: message.subject,
      sentAt: message.date,
    }));
}

function outboxFile(dir: string, id: string): string {
  return join(dir, `${id}.json`);
}

function assertMailId(id: string): void {
  // The id becomes a file name: nothing that could climb out of the outbox directory.
  if (!MAIL_ID_PATTERN.test(id)) throw new TypeError(`Invalid mail id: ${JSON.stringify(id)}`);
}

function formatAddress(address: z.infer<typeof addressSchema>): string {
  return address.name ? `${address.name} <${address.address}>` : address.address;
}

function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
