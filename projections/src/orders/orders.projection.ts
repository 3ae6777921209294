import { assertNever, orderEvents } from '@shortlist/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../database';
import { eventTime } from '../event-time';
import { type ProjectedEvent, typedProjection } from '../projection';
import type { OrderAttachmentRow } from './orders.table';

/**
 * `orders`: the SPEC §3 Order as the customer history, checkout and admin list read it.
 * Every update is a pure function of the row and the event, keyed by order id, so a replay or a
 * re-delivered batch leaves the same row.
 */
export const ordersProjection = typedProjection({
  name: 'orders',
  version: 1,
  tables: ['orders'],
  reads: [orderEvents],
  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event);
  },
});

async function applyOne(
  trx: Transaction<Database>,
  event: ProjectedEvent<typeof orderEvents>,
): Promise<void> {
  const { orderId } = event.data;
  const at = eventTime(event.recorded);
  const update = trx.updateTable('orders').where('id', '=', orderId);
  switch (event.type) {
    case 'OrderPlaced': {
      const { data } = event;
      const row = {
        id: orderId,
        user_id: data.userId,
        user_email: data.userEmail,
        service: data.service,
        plan_name: data.planName,
        description: data.description,
        status: 'pending',
        payment_status: 'unpaid' as const,
        amount: data.amount,
        currency: data.currency,
        resume: data.resume === null ? null : json(data.resume),
        // Erased uploads read null: the order keeps no file list then.
        customer_uploads: json(data.customerUploads ?? []),
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
        .set({ currency: event.data.currency, amount: event.data.amount, updated_at: at })
        .execute();
      return;
    case 'OrderDeleted':
      await trx.deleteFrom('orders').where('id', '=', orderId).execute();
      return;
    case 'OrderPaid':
      await update
        .set({
          payment_status: 'paid',
          payment_id: event.data.paymentId,
          paid_at: at,
          updated_at: at,
        })
        .execute();
      return;
    case 'OrderStatusChanged': {
      const status = event.data.to;
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
      const { filename } = event.data;
      // Replace by filename rather than append, so applying the event twice adds it once.
      const others = current.attachments.filter((a) => a.filename !== filename);
      // An erased file reference (null) attaches nothing.
      const attachments: OrderAttachmentRow[] =
        event.type === 'DeliveryAttached' && event.data.file !== null && filename !== null
          ? [...others, { ...event.data.file, filename }]
          : others;
      await update.set({ attachments: json(attachments), updated_at: at }).execute();
      return;
    }
    case 'ReviewSuggestionsSaved':
      await update.set({ review_suggestions: event.data.text, updated_at: at }).execute();
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
    default:
      assertNever(event);
  }
}

// jsonb columns take JSON text; pg would send a JS array as a PostgreSQL array literal.
const json = (value: unknown): string => JSON.stringify(value);
