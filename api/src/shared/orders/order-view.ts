import { deliveryDueAt, ORDER_STATUSES, type OrderStatus } from '@shortlist/domain';
import type { OrderView } from '@shortlist/domain/contract';
import type { OrderRow } from '@shortlist/projections';
import { shownFileName } from '../../files/shown-file-name';

/** The download and receipt routes the `url`s point at: never a storage id or a disk path. */
const orderUrls = {
  upload: (orderId: string, index: number) => `/api/orders/${orderId}/uploads/${index}`,
  attachment: (orderId: string, filename: string) =>
    `/api/orders/${orderId}/attachments/${encodeURIComponent(filename)}`,
  receipt: (orderId: string) => `/api/orders/${orderId}/receipt`,
};

/**
 * The columns an order's view is made of. A list selects these, not the whole row: the resume
 * a from-scratch order keeps inline (a kilobyte or more of JSON) is in no view, and reading,
 * sending and parsing it for every row of a page cost more than the rest of the row.
 */
export const ORDER_VIEW_COLUMNS = [
  'id',
  'user_id',
  'user_email',
  'service',
  'plan_name',
  'description',
  'status',
  'payment_status',
  'amount',
  'currency',
  'customer_uploads',
  'attachments',
  'review_suggestions',
  'created_at',
  'paid_at',
  'started_at',
  'delivered_at',
  'delivery_opened_at',
  'completed_at',
  'refunded_at',
] as const satisfies readonly (keyof OrderRow)[];

export type OrderViewRow = Pick<OrderRow, (typeof ORDER_VIEW_COLUMNS)[number]>;

export function toOrderView(row: OrderViewRow): OrderView {
  const createdAt = row.created_at.toISOString();
  // SPEC §2: a Receipt link shows "when an invoice address exists", i.e. once paid.
  const receiptUrl = row.payment_status === 'paid' ? orderUrls.receipt(row.id) : null;
  const suggestions = row.review_suggestions;
  const status = displayStatus(row.status);
  const paidAt = iso(row.paid_at);
  const deliveredAt = iso(row.delivered_at);
  return {
    id: row.id,
    orderId: row.id,
    userEmail: row.user_email,
    service: row.service,
    planName: row.plan_name,
    description: row.description,
    status,
    paymentStatus: row.payment_status,
    amount: Number(row.amount),
    currency: row.currency,
    date: createdAt,
    createdAt,
    // LinkedIn optimisation cannot be ordered yet (SPEC §5), so no order has a profile URL.
    inputs: { linkedinUrl: null },
    customerUploads: row.customer_uploads.map((upload, index) => ({
      name: shownFileName(upload.name),
      url: orderUrls.upload(row.id, index),
    })),
    attachments: row.attachments.map((attachment) => ({
      name: shownFileName(attachment.name),
      filename: attachment.filename,
      url: orderUrls.attachment(row.id, attachment.filename),
    })),
    invoiceUrl: receiptUrl,
    receiptUrl,
    hasReviewSuggestions: suggestions !== null && suggestions.trim() !== '',
    reviewSuggestions: suggestions,
    timeline: {
      placedAt: createdAt,
      paidAt,
      startedAt: iso(row.started_at),
      deliveredAt,
      completedAt: status === 'completed' ? iso(row.completed_at) : null,
      refundedAt: iso(row.refunded_at),
      dueAt: deliveryDueAt(paidAt, status),
    },
    newDelivery:
      deliveredAt !== null &&
      (row.delivery_opened_at === null || row.delivery_opened_at < (row.delivered_at ?? 0)),
  };
}

function iso(time: Date | null): string | null {
  return time === null ? null : time.toISOString();
}

/** SPEC §4: a missing status, or one of 'paid', is shown as pending. */
function displayStatus(status: string | null): OrderStatus {
  return ORDER_STATUSES.find((known) => known === status) ?? 'pending';
}
