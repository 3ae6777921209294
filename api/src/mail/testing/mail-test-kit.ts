import { randomUUID } from 'node:crypto';
import {
  type Currency,
  type OrderCommand,
  orderDecider,
  orderStreamName,
  priceOf,
} from '@shortlist/domain';
import type { Position } from '@shortlist/eventstore';
import { readReactorCheckpoint } from '@shortlist/projections';
import { expect, vi } from 'vitest';
import { handleCommand } from '../../commands/handle-command';
import type { TestApp } from '../../testing/test-app';
import { listOutboxMessages, readOutboxMessage } from '../outbox.mailer';
import { parseMime } from './mime';
import type { SmtpTestServer } from './smtp-test-server';

/** A mail as a test reads it, wherever it went (a real SMTP server, or the local outbox). */
export interface ReadMail {
  to: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  listUnsubscribe: string | null;
}

export interface Inbox {
  all(): Promise<ReadMail[]>;
}

export function smtpInbox(server: SmtpTestServer): Inbox {
  return {
    all: async () =>
      server.received.map((mail) => ({
        to: mail.to.join(', '),
        subject: mail.subject,
        messageId: mail.messageId,
        text: mail.text,
        html: mail.html ?? '',
        listUnsubscribe: parseMime(mail.raw).headers.get('list-unsubscribe') ?? null,
      })),
  };
}

export function outboxInbox(dir: string): Inbox {
  return {
    async all() {
      const { items: summaries } = await listOutboxMessages(dir, { limit: 10_000 });
      const mails = await Promise.all(
        summaries.map((summary) => readOutboxMessage(dir, summary.id)),
      );
      return mails.flatMap((mail) =>
        mail === null
          ? []
          : [
              {
                to: mail.to,
                subject: mail.subject,
                messageId: mail.messageId,
                text: mail.text,
                html: mail.html ?? '',
                listUnsubscribe: mail.headers['List-Unsubscribe'] ?? null,
              },
            ],
      );
    },
  };
}

/** The mails to one address, oldest first where the inbox knows the order. */
export async function mailsTo(inbox: Inbox, to: string): Promise<ReadMail[]> {
  return (await inbox.all()).filter((mail) => mail.to === to);
}

/**
 * Waits until the mail reactor has handled every event appended so far and the queue has sent
 * what it queued: the settled state to assert "exactly these mails, each once" on.
 */
export async function settleMail(t: TestApp, reactor = 'mail'): Promise<void> {
  await vi.waitFor(
    async () => {
      const head = await t.services.store.committedHeadPosition();
      const position: Position | null = await readReactorCheckpoint(t.services.db, reactor);
      // Positions are fixed-width text: they compare as strings.
      expect(head === null || (position !== null && position >= head)).toBe(true);
    },
    { timeout: 30_000, interval: 50 },
  );
  await t.services.queue.whenIdle();
}

const metadata = (actor: string) => ({
  actor,
  correlationId: randomUUID(),
  causationId: null,
  now: new Date().toISOString(),
});

/** Runs an order command as its route or reactor would (the events are what the mails follow). */
export async function onOrder(
  t: TestApp,
  orderId: string,
  command: Omit<OrderCommand, 'metadata'>,
): Promise<void> {
  await handleCommand({
    store: t.services.store,
    streamName: orderStreamName(orderId),
    decider: orderDecider,
    command: { ...command, metadata: metadata('admin:test') } as OrderCommand,
  });
}

export async function placeOrder(
  t: TestApp,
  user: { id: string; email: string },
  currency: Currency = 'INR',
): Promise<string> {
  const orderId = randomUUID();
  await onOrder(t, orderId, {
    type: 'PlaceOrder',
    data: {
      orderId,
      userId: user.id,
      userEmail: user.email,
      service: 'resume_review',
      description: 'Review of my resume',
      currency,
      resume: null,
      customerUploads: [],
    },
  });
  return orderId;
}

export async function payOrder(t: TestApp, orderId: string, currency: Currency = 'INR') {
  await onOrder(t, orderId, {
    type: 'MarkOrderPaid',
    data: {
      paymentId: `pay_${orderId.slice(0, 8)}`,
      providerOrderId: `order_${orderId.slice(0, 8)}`,
      amount: priceOf('resume_review', currency),
      currency,
    },
  });
}
