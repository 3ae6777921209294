import type { JsonObject, JsonValue, RecordedEvent } from '@shortlist/eventstore';
import type { Transaction } from 'kysely';
import type { Database } from '../database';
import { eventTime, stringField } from '../event-time';
import type { Projection } from '../projection';
import type { OrderAttachmentRow, OrderFileRow } from './orders.table';

export const ORDER_EVENT_TYPES = [
  'OrderPlaced',
  'OrderCurrencyChanged',
  'OrderDeleted',
  'OrderPaid',
  'OrderStatusChanged',
  'DeliveryAttached',
  'DeliveryRemoved',
  'ReviewSuggestionsSaved',
  'OrderRefunded',
  'OrderDataErased',
] as const;

/**
 * `orders`: the SPEC §3 Order as the customer history, checkout and admin list read it.
 * Every update is a pure function of the row and the event, keyed by order id, so a replay or a
 * re-delivered batch leaves the same row.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  version: 1,
  tables: ['orders'],
  handles: ORDER_EVENT_TYPES,
  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event);
  },
};

async function applyOne(trx: Transaction<Database>, event: RecordedEvent): Promise<void> {
  const { data } = event;
  const orderId = stringField(data, 'orderId');
  if (orderId === null) return;
  const at = eventTime(event);
  const update = trx.updateTable('orders').where('id', '=', orderId);
  switch (event.type) {
    case 'OrderPlaced': {
      const row = {
        id: orderId,
        user_id: stringField(data, 'userId') ?? '',
        user_email: stringField(data, 'userEmail'),
        service: stringField(data, 'service') ?? '',
        plan_name: stringField(data, 'planName') ?? '',
        description: stringField(data, 'description') ?? '',
        status: 'pending',
        payment_status: 'unpaid' as const,
        amount: numberField(data, 'amount'),
        currency: stringField(data, 'currency') ?? 'INR',
        resume: data.resume === undefined || data.resume === null ? null : json(data.resume),
        customer_uploads: json(fileList(data.customerUploads)),
        attachments: json([]),
        review_suggestions: null,
        payment_id: null,
        created_at: at,
        updated_at: at,
        paid_at: null,
        completed_at: null,
        erased_at: null,
      };
      await trx
        .insertInto('orders')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      return;
    }
    case 'OrderCurrencyChanged':
      await update
        .set({
          currency: stringField(data, 'currency') ?? 'INR',
          amount: numberField(data, 'amount'),
          updated_at: at,
        })
        .execute();
      return;
    case 'OrderDeleted':
      await trx.deleteFrom('orders').where('id', '=', orderId).execute();
      return;
    case 'OrderPaid':
      await update
        .set({
          payment_status: 'paid',
          payment_id: stringField(data, 'paymentId'),
          paid_at: at,
          updated_at: at,
        })
        .execute();
      return;
    case 'OrderStatusChanged': {
      const status = stringField(data, 'to') ?? 'pending';
      await update
        .set({ status, completed_at: status === 'completed' ? at : null, updated_at: at })
        .execute();
      return;
    }
    case 'DeliveryAttached':
    case 'DeliveryRemoved': {
      const current = await trx
        .selectFrom('orders')
        .select('attachments')
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (current === undefined) return;
      const filename = stringField(data, 'filename');
      // Replace by filename rather than append, so applying the event twice adds it once.
      const others = current.attachments.filter((a) => a.filename !== filename);
      const file = fileRef(data.file);
      const attachments: OrderAttachmentRow[] =
        event.type === 'DeliveryAttached' && file !== null && filename !== null
          ? [...others, { ...file, filename }]
          : others;
      await update.set({ attachments: json(attachments), updated_at: at }).execute();
      return;
    }
    case 'ReviewSuggestionsSaved':
      await update.set({ review_suggestions: stringField(data, 'text'), updated_at: at }).execute();
      return;
    case 'OrderRefunded':
      await update.set({ status: 'refunded', updated_at: at }).execute();
      return;
    case 'OrderDataErased':
      await update
        .set({
          user_email: null,
          resume: null,
          customer_uploads: json([]),
          attachments: json([]),
          review_suggestions: null,
          erased_at: at,
          updated_at: at,
        })
        .execute();
      return;
  }
}

function numberField(object: JsonObject, key: string): number {
  const value = object[key];
  return typeof value === 'number' ? value : 0;
}

function fileRef(value: JsonValue | undefined): OrderFileRow | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fileId = stringField(value, 'fileId');
  const name = stringField(value, 'name');
  return fileId !== null && name !== null ? { fileId, name } : null;
}

function fileList(value: JsonValue | undefined): OrderFileRow[] {
  if (!Array.isArray(value)) return [];
  return value.map(fileRef).filter((file): file is OrderFileRow => file !== null);
}

// jsonb columns take JSON text; pg would send a JS array as a PostgreSQL array literal.
const json = (value: unknown): string => JSON.stringify(value);
