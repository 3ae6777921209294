import { assertNever, orderEvents } from '@shortlist/domain';
import { loadRows, TableChanges } from '../engine/table-changes';
import { eventTime } from '../event-time';
import { type ProjectedEvent, typedProjection } from '../projection';
import type { NewOrderRow, OrderAttachmentRow, OrderFileRow } from './orders.table';

/**
 * `orders`: the SPEC §3 Order as the customer history, checkout and admin list read it.
 * Every update is a pure function of the row and the event, keyed by order id, so a replay or a
 * re-delivered batch leaves the same row.
 */
export const ordersProjection = typedProjection({
  name: 'orders',
  // 2: the timeline's times (started, delivered, opened, refunded), filled by a rebuild.
  version: 2,
  tables: ['orders'],
  reads: [orderEvents],
  async apply(trx, events) {
    // Attaching or removing a delivery edits the stored list: read those rows once, up front.
    const stored = await loadRows<'orders', DeliveryColumns>(
      trx,
      'orders',
      'id',
      ['attachments', 'review_suggestions'],
      events
        .filter((e) => e.type === 'DeliveryAttached' || e.type === 'DeliveryRemoved')
        .map((e) => e.data.orderId),
    );
    const orders = new TableChanges<OrderWrite>('orders', 'id');
    for (const event of events) foldOne(orders, stored, event);
    await orders.flush(trx);
  },
});

/** An `orders` row as written: jsonb columns as JSON values (engine/table-changes). */
type OrderWrite = Omit<NewOrderRow, 'resume' | 'customer_uploads' | 'attachments'> & {
  resume: Record<string, unknown> | null;
  customer_uploads: OrderFileRow[];
  attachments: OrderAttachmentRow[];
};

/** What a delivery's removal reads to know whether anything delivered is left. */
type DeliveryColumns = { attachments: OrderAttachmentRow[]; review_suggestions: string | null };

/** What one event changes in `orders`, folded into the batch's changes. */
function foldOne(
  orders: TableChanges<OrderWrite>,
  stored: ReadonlyMap<string, DeliveryColumns>,
  event: ProjectedEvent<typeof orderEvents>,
): void {
  const { orderId } = event.data;
  const at = eventTime(event.recorded);
  switch (event.type) {
    case 'OrderPlaced': {
      const { data } = event;
      orders.put({
        id: orderId,
        user_id: data.userId,
        user_email: data.userEmail,
        service: data.service,
        plan_name: data.planName,
        description: data.description,
        status: 'pending',
        payment_status: 'unpaid',
        amount: data.amount,
        currency: data.currency,
        resume: data.resume,
        // Erased uploads read null: the order keeps no file list then.
        customer_uploads: data.customerUploads ?? [],
        attachments: [],
        review_suggestions: null,
        payment_id: null,
        created_at: at,
        updated_at: at,
        paid_at: null,
        completed_at: null,
        erased_at: null,
        started_at: null,
        delivered_at: null,
        delivery_opened_at: null,
        refunded_at: null,
      });
      return;
    }
    case 'OrderCurrencyChanged':
      orders.patch(orderId, {
        currency: event.data.currency,
        amount: event.data.amount,
        updated_at: at,
      });
      return;
    case 'OrderDeleted':
      orders.remove(orderId);
      return;
    case 'OrderPaid':
      orders.patch(orderId, {
        payment_status: 'paid',
        payment_id: event.data.paymentId,
        paid_at: at,
        updated_at: at,
      });
      return;
    case 'OrderStatusChanged': {
      const status = event.data.to;
      orders.patch(orderId, {
        status,
        completed_at: status === 'completed' ? at : null,
        // Work started keeps its time when it is completed; back to Pending, it has not started.
        ...(status === 'processing' ? { started_at: at } : {}),
        ...(status === 'pending' ? { started_at: null } : {}),
        updated_at: at,
      });
      return;
    }
    case 'DeliveryAttached':
    case 'DeliveryRemoved': {
      const current = orders.current(orderId, stored.get(orderId));
      if (current?.attachments === undefined) return;
      const { filename } = event.data;
      // Replace by filename rather than append, so applying the event twice adds it once.
      const others = current.attachments.filter((a) => a.filename !== filename);
      // An erased file reference (null) attaches nothing.
      const attachments: OrderAttachmentRow[] =
        event.type === 'DeliveryAttached' && event.data.file !== null && filename !== null
          ? [...others, { ...event.data.file, filename }]
          : others;
      if (event.type === 'DeliveryAttached') {
        orders.patch(orderId, { attachments, delivered_at: at, updated_at: at });
        return;
      }
      // The last delivered thing taken back: nothing is delivered any more.
      const nothingLeft = attachments.length === 0 && current.review_suggestions == null;
      orders.patch(orderId, {
        attachments,
        ...(nothingLeft ? { delivered_at: null } : {}),
        updated_at: at,
      });
      return;
    }
    case 'ReviewSuggestionsSaved':
      orders.patch(orderId, {
        review_suggestions: event.data.text,
        delivered_at: at,
        updated_at: at,
      });
      return;
    case 'DeliveryOpened':
      orders.patch(orderId, { delivery_opened_at: at, updated_at: at });
      return;
    case 'OrderRefunded':
      orders.patch(orderId, { status: 'refunded', refunded_at: at, updated_at: at });
      return;
    // The check lives in the order's stream, where the admin's drawer reads it (sealed parts
    // and all); the orders table has no column for it.
    case 'AtsCheckRecorded':
      return;
    case 'OrderDataErased':
      orders.patch(orderId, {
        user_email: null,
        resume: null,
        customer_uploads: [],
        attachments: [],
        review_suggestions: null,
        erased_at: at,
        updated_at: at,
      });
      return;
    default:
      assertNever(event);
  }
}
