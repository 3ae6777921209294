import { type Currency, parseCurrency } from '@shortlist/domain';

/** SPEC §3 Order, as the customer screens read it. */
export interface Order {
  id: string;
  orderId: string;
  userEmail: string | null;
  service: string;
  planName: string;
  description: string;
  status: string;
  paymentStatus: string;
  amount: number;
  /** Null when the server sent a currency this app does not sell in. */
  currency: Currency | null;
  date: string;
  createdAt: string;
  customerUploads: { name: string; url: string }[];
  attachments: { name: string; filename: string; url: string }[];
  invoiceUrl: string | null;
  receiptUrl: string | null;
  hasReviewSuggestions: boolean;
  reviewSuggestions: string | null;
}

type Json = Record<string, unknown>;

const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const optionalText = (value: unknown): string | null => text(value) || null;
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(record) : []);

/** Reads one order leniently: a missing field becomes empty, never a crash on screen. */
export function readOrder(value: unknown): Order {
  const data = record(value);
  const id = text(data.id) || text(data.orderId) || text(data._id);
  const amount = Number(data.amount);
  const suggestions = optionalText(data.reviewSuggestions);
  return {
    id,
    orderId: text(data.orderId) || id,
    userEmail: optionalText(data.userEmail),
    service: text(data.service),
    planName: text(data.planName) || text(data.service),
    description: text(data.description),
    status: text(data.status),
    paymentStatus: text(data.paymentStatus),
    amount: Number.isFinite(amount) ? amount : 0,
    currency: parseCurrency(text(data.currency)),
    date: text(data.date) || text(data.createdAt),
    createdAt: text(data.createdAt) || text(data.date),
    customerUploads: list(data.customerUploads).map((upload) => ({
      name: text(upload.name),
      url: text(upload.url),
    })),
    attachments: list(data.attachments).map((attachment) => ({
      name: text(attachment.name) || text(attachment.filename),
      filename: text(attachment.filename),
      url: text(attachment.url),
    })),
    invoiceUrl: optionalText(data.invoiceUrl),
    receiptUrl: optionalText(data.receiptUrl),
    hasReviewSuggestions:
      data.hasReviewSuggestions === true || (suggestions !== null && suggestions.trim() !== ''),
    reviewSuggestions: suggestions,
  };
}

/** `{ order }` as GET /orders/{id} and PATCH …/currency answer it. */
export function readOrderAnswer(data: unknown): Order {
  return readOrder(record(data).order);
}

export function readOrderList(data: unknown): Order[] {
  return list(record(data).orders).map(readOrder);
}

/** SPEC §4: only paymentStatus 'paid' is paid; everything else awaits payment. */
export function isPaid(order: Order): boolean {
  return order.paymentStatus.trim().toLowerCase() === 'paid';
}

/** The receipt address, once an order is paid (SPEC §2: "when an invoice address exists"). */
export function receiptUrlOf(order: Order): string | null {
  return order.receiptUrl ?? order.invoiceUrl;
}

export function isReviewOrder(order: Order): boolean {
  return order.service === 'resume_review';
}

/** Newest first, the order a person scans a history in. */
export function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

const TIME_FORMAT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatOrderTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '—' : TIME_FORMAT.format(time);
}

/** A short form of a long id for tight places; the full id stays in the accessible name. */
export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}
