import { randomUUID } from 'node:crypto';
import type { EraseOrderData } from '@shortlist/domain';
import type { EventStore, Position } from '@shortlist/eventstore';
import type { Database, OrderRow } from '@shortlist/projections';
import type { Kysely } from 'kysely';
import { orders } from '../commands/aggregates';
import { commandMetadata } from '../commands/command-metadata';
import { deterministicEventId } from '../commands/deterministic-event-id';
import type { FileStorage } from '../files/file-storage.port';
import type { KeyVault } from '../personal-data/key-vault';

/** SPEC §1: "Data is kept 1 month after completion, then deleted." */
const RETENTION_DAYS = 30;
const RETENTION_ACTOR = 'system:retention';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The slice of pino used here, so tests can pass a plain object. */
export interface RetentionLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface EraseExpiredOrdersInput {
  store: EventStore;
  db: Kysely<Database>;
  vault: KeyVault;
  files: FileStorage;
  now: Date;
  retentionDays?: number;
  logger: RetentionLogger;
  /** app.waitForProjections: so a run ends with the read models showing what it erased. */
  waitForProjections: (position: Position | null) => Promise<void>;
}

export interface EraseExpiredOrdersResult {
  /**
   * Orders whose OrderDataErased this run appended. A concurrent run that appended the same
   * (deterministic) event first may be counted by both: the store's idempotent append answers a
   * repeat exactly like the first write, and the stream still holds one erasure.
   */
  erased: string[];
}

type DueOrder = Pick<OrderRow, 'id' | 'customer_uploads' | 'attachments'>;

/**
 * Crypto-shreds every order completed more than `retentionDays` ago (ARCHITECTURE.md "Personal
 * data and the audit trail"): erase the stream's key, delete its files, then record
 * OrderDataErased, which scrubs the read model. Every step is idempotent and the read model's
 * erased_at is set only by the last one, so a run that stops half way (or fails on one order) is
 * simply finished by the next; two runs at once meet at the command, whose deterministic event id
 * and expected version let only one of them append.
 */
export async function eraseExpiredOrders(
  input: EraseExpiredOrdersInput,
): Promise<EraseExpiredOrdersResult> {
  const { db, logger, now } = input;
  const cutoff = new Date(now.getTime() - (input.retentionDays ?? RETENTION_DAYS) * DAY_MS);
  const due = await db
    .selectFrom('orders')
    .select(['id', 'customer_uploads', 'attachments'])
    .where('status', '=', 'completed')
    .where('completed_at', '<=', cutoff)
    .where('erased_at', 'is', null)
    .orderBy('completed_at')
    .execute();

  // One correlation id ties together everything this run did, for the audit trail.
  const correlationId = randomUUID();
  const erased: string[] = [];
  let lastPosition: Position | null = null;
  for (const order of due) {
    try {
      const position = await eraseOrder(input, order, correlationId);
      if (position !== null) {
        erased.push(order.id);
        lastPosition = position;
      }
    } catch (error) {
      // One order must not hold the others back; it is still due, so the next run retries it.
      logger.error({ err: error, orderId: order.id }, 'Could not erase an expired order');
    }
  }
  await input.waitForProjections(lastPosition);
  if (due.length > 0) {
    logger.info({ due: due.length, erased: erased.length }, 'Expired orders erased');
  }
  return { erased };
}

/** Answers the position of the OrderDataErased it appended, or null if it was already there. */
async function eraseOrder(
  input: EraseExpiredOrdersInput,
  order: DueOrder,
  correlationId: string,
): Promise<Position | null> {
  const { store, vault, files, now } = input;
  const orderAggregate = orders(store);
  const streamName = orderAggregate.streamName(order.id);

  // File ids first, while the key still opens them: the stream also names a removed delivery
  // whose deletion failed, and the read model (not scrubbed until the command) keeps the ids
  // for a retry after the key is already gone.
  const fileIds = new Set([...order.customer_uploads, ...order.attachments].map((f) => f.fileId));
  for (const fileId of await fileIdsInStream(store, order.id)) fileIds.add(fileId);

  await vault.erase(streamName, now.toISOString());
  for (const fileId of fileIds) await files.delete(fileId);

  const command: EraseOrderData = {
    type: 'EraseOrderData',
    data: {},
    metadata: commandMetadata(RETENTION_ACTOR, now, correlationId),
  };
  const { position } = await orderAggregate.handle(order.id, command, {
    eventIds: [deterministicEventId('retention:erase-order-data', order.id)],
  });
  return position;
}

/**
 * Every file an order's stream names: its uploads and every delivery ever attached (a removed
 * one whose deletion failed included). Read while the stream's key still opens them.
 */
export async function fileIdsInStream(store: EventStore, orderId: string): Promise<string[]> {
  const { history } = await orders(store).load(orderId);
  const ids: string[] = [];
  for (const event of history) {
    // Both read null once the stream's key is erased: nothing is left to name then.
    if (event.type === 'OrderPlaced') {
      ids.push(...(event.data.customerUploads ?? []).map((upload) => upload.fileId));
    } else if (event.type === 'DeliveryAttached' && event.data.file !== null) {
      ids.push(event.data.file.fileId);
    }
  }
  return ids;
}
