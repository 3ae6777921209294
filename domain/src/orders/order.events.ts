import type { DomainEvent } from '../core/decider';
import type { Currency } from '../pricing/currency';
import type { PurchasableServiceId } from '../pricing/service-catalogue';
import type { ResumePayload } from '../resume/resume-payload.schema';

/** Stream `order-{orderId}` (ARCHITECTURE.md). Payloads are plain JSON. */

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses an admin sets from the order list (SPEC §4). */
export const ADMIN_SETTABLE_STATUSES = ['pending', 'processing', 'completed'] as const;
export type AdminSettableStatus = (typeof ADMIN_SETTABLE_STATUSES)[number];

/** A file the customer uploaded (rewrite/review) or an admin delivered; the bytes live in file storage. */
export interface StoredFileRef {
  /** Random storage id; never a path. */
  fileId: string;
  /** The original file name, shown to people. */
  name: string;
}

export type OrderPlaced = DomainEvent<
  'OrderPlaced',
  {
    orderId: string;
    userId: string;
    userEmail: string;
    service: PurchasableServiceId;
    planName: string;
    description: string;
    amount: number;
    currency: Currency;
    /** The builder's form, for resume_from_scratch orders. Personal data. */
    resume: ResumePayload | null;
    /** The uploaded resume, for rewrite and review orders. Personal data. */
    customerUploads: StoredFileRef[];
  }
>;

export type OrderCurrencyChanged = DomainEvent<
  'OrderCurrencyChanged',
  { orderId: string; currency: Currency; amount: number }
>;

export type OrderDeleted = DomainEvent<'OrderDeleted', { orderId: string }>;

export type OrderPaid = DomainEvent<
  'OrderPaid',
  {
    orderId: string;
    paymentId: string;
    providerOrderId: string;
    amount: number;
    currency: Currency;
  }
>;

export type OrderStatusChanged = DomainEvent<
  'OrderStatusChanged',
  { orderId: string; from: OrderStatus; to: OrderStatus }
>;

export type DeliveryAttached = DomainEvent<
  'DeliveryAttached',
  { orderId: string; file: StoredFileRef; filename: string }
>;

export type DeliveryRemoved = DomainEvent<'DeliveryRemoved', { orderId: string; filename: string }>;

export type ReviewSuggestionsSaved = DomainEvent<
  'ReviewSuggestionsSaved',
  { orderId: string; text: string }
>;

export type OrderRefunded = DomainEvent<
  'OrderRefunded',
  { orderId: string; refundId: string; amount: number; currency: Currency }
>;

export type OrderDataErased = DomainEvent<'OrderDataErased', { orderId: string }>;

export type OrderEvent =
  | OrderPlaced
  | OrderCurrencyChanged
  | OrderDeleted
  | OrderPaid
  | OrderStatusChanged
  | DeliveryAttached
  | DeliveryRemoved
  | ReviewSuggestionsSaved
  | OrderRefunded
  | OrderDataErased;

export const orderStreamName = (orderId: string): string => `order-${orderId}`;
