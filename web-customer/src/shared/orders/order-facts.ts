import { type Currency, parseCurrency } from '@shortlist/domain';
import type { OrderView } from '@shortlist/domain/contract';

// An order here is the contract's OrderView (SPEC §3 Order), exactly as its schema parsed it.

/** SPEC §4: only paymentStatus 'paid' is paid; everything else awaits payment. */
export function isPaid(order: OrderView): boolean {
  return order.paymentStatus === 'paid';
}

/** The order's currency, or null when the server sent one this app does not sell in. */
export function currencyOf(order: OrderView): Currency | null {
  return parseCurrency(order.currency);
}

/** The receipt address, once an order is paid (SPEC §2: "when an invoice address exists"). */
export function receiptUrlOf(order: OrderView): string | null {
  return order.receiptUrl ?? order.invoiceUrl;
}

export function isReviewOrder(order: OrderView): boolean {
  return order.service === 'resume_review';
}

/** Newest first, the order a person scans a history in. */
export function newestFirst(orders: readonly OrderView[]): OrderView[] {
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
