import type { ColumnType, Insertable, JSONColumnType, Selectable } from 'kysely';

export interface OrderFileRow {
  fileId: string;
  name: string;
}

export interface OrderAttachmentRow extends OrderFileRow {
  filename: string;
}

type Timestamp = ColumnType<Date, string, string>;
type NullableTimestamp = ColumnType<Date | null, string | null, string | null>;

/** One row per order that exists (deleted orders leave the table); the SPEC §3 Order fields. */
export interface OrdersTable {
  id: string;
  user_id: string;
  user_email: string | null;
  service: string;
  plan_name: string;
  description: string;
  status: string;
  payment_status: 'paid' | 'unpaid';
  /** numeric: pg returns it as a string, so read it with Number(). */
  amount: ColumnType<string, number, number>;
  currency: string;
  resume: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  customer_uploads: JSONColumnType<OrderFileRow[], string, string>;
  attachments: JSONColumnType<OrderAttachmentRow[], string, string>;
  review_suggestions: string | null;
  payment_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  erased_at: NullableTimestamp;
  /** Set to Processing (the latest time); cleared when set back to Pending. */
  started_at: NullableTimestamp;
  /** The latest delivery: a file attached or suggestions saved; cleared when none is left. */
  delivered_at: NullableTimestamp;
  /** The customer opened the delivery (DeliveryOpened), the latest time. */
  delivery_opened_at: NullableTimestamp;
  refunded_at: NullableTimestamp;
}

export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;
