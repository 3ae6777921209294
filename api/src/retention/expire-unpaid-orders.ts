import { randomUUID } from 'node:crypto';
import { DomainError, type ExpireUnpaidOrder, UNPAID_ORDER_EXPIRY_DAYS } from '@shortlist/domain';
import type { EventStore, Position } from '@shortlist/eventstore';
import type { Database } from '@shortlist/projections';
import type { Kysely } from 'kysely';
import { orders } from '../commands/aggregates';
import { commandMetadata } from '../commands/command-metadata';
import { deterministicEventId } from '../commands/deterministic-event-id';
import type { FileStorage } from '../files/file-storage.port';
import type { KeyVault } from '../personal-data/key-vault';
import { fileIdsInStream, type RetentionLogger } from './erase-expired-orders';

const EXPIRY_ACTOR = 'system:unpaid-expiry';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ExpireUnpaidOrdersInput {
  store: EventStore;
  db: Kysely<Database>;
  vault: KeyVault;
  files: FileStorage;
  now: Date;
  /** Default UNPAID_ORDER_EXPIRY_DAYS (the number the checkout shows customers). */
  expiryDays?: number;
  logger: RetentionLogger;
  /** app.waitForProjections: so a run ends with the read models showing what it removed. */
  waitForProjections: (position: Position | null) => Promise<void>;
}

export interface ExpireUnpaidOrdersResult {
  /** Orders this run removed. */
  expired: string[];
  /** Due by the read model, refused by the decider: paid, or deleted, since the read. */
  skipped: string[];
}

/**
 * Removes every order placed more than `expiryDays` ago and still waiting for a payment (free
 * orders wait for nothing and stay), the way the customer's own Delete removes one: the decider
 * records OrderDeleted (which takes the row out of the read models), then the stream's key is
 * erased (crypto-shredding the form, e-mail and file references) and its files are deleted.
 *
 * The read model picks the candidates; the decider has the last word, so an order paid a moment
 * ago is refused there and kept. Its payment, if one is still on its way, meets a deleted order
 * and is refunded automatically (payments). The event id is deterministic, so two runs at once
 * append one deletion. Files and key go after the event: a paid order must never lose them.
 */
export async function expireUnpaidOrders(
  input: ExpireUnpaidOrdersInput,
): Promise<ExpireUnpaidOrdersResult> {
  const { db, logger, now } = input;
  const days = input.expiryDays ?? UNPAID_ORDER_EXPIRY_DAYS;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const due = await db
    .selectFrom('orders')
    .select(['id', 'customer_uploads', 'attachments'])
    .where('payment_status', '=', 'unpaid')
    .where('amount', '>', '0')
    .where('created_at', '<=', cutoff)
    .orderBy('created_at')
    .execute();

  const correlationId = randomUUID();
  const expired: string[] = [];
  const skipped: string[] = [];
  let lastPosition: Position | null = null;
  for (const order of due) {
    try {
      const position = await expireOrder(input, order.id, correlationId);
      if (position !== null) lastPosition = position;
      expired.push(order.id);
    } catch (error) {
      if (error instanceof DomainError) {
        skipped.push(order.id);
        continue;
      }
      // One order must not hold the others back. Before the event it is still due and the next
      // run retries it; after it, the order is gone and its key or files need a hand.
      logger.error({ err: error, orderId: order.id }, 'Could not expire an unpaid order');
    }
  }
  await input.waitForProjections(lastPosition);
  if (due.length > 0) {
    logger.info(
      { due: due.length, expired: expired.length, skipped: skipped.length },
      'Unpaid orders expired',
    );
  }
  return { expired, skipped };
}

async function expireOrder(
  input: ExpireUnpaidOrdersInput,
  orderId: string,
  correlationId: string,
): Promise<Position | null> {
  const { store, vault, files, now } = input;
  const order = orders(store);
  const command: ExpireUnpaidOrder = {
    type: 'ExpireUnpaidOrder',
    data: {},
    metadata: commandMetadata(EXPIRY_ACTOR, now, correlationId),
  };
  const { position } = await order.handle(orderId, command, {
    eventIds: [deterministicEventId('retention:expire-unpaid-order', orderId)],
  });
  // The stream names every file, attachments included, while its key still opens it.
  const fileIds = await fileIdsInStream(store, orderId);
  await vault.erase(order.streamName(orderId), now.toISOString());
  for (const fileId of fileIds) await files.delete(fileId);
  return position;
}
