import {
  decodeEvent,
  fromMinorUnits,
  isCurrency,
  orderEvents,
  paymentEvents,
  personalFieldsOf,
  type StoredEventOf,
} from '@shortlist/domain';
import type { AuditEntryView } from '@shortlist/domain/contract';
import { orderStatusLook } from '@shortlist/web-kit';
import { formatMoney } from '../../shared/format';

/** One step of an order's audit trail as the History tab shows it: when, who, what, and its facts. */
export interface AuditTrailStep {
  key: string;
  at: string;
  who: string;
  what: string;
  /** The status or amount after the step (UI.md "Timelines"), when the step sets one. */
  outcome: string | null;
  facts: AuditTrailFact[];
}

interface AuditTrailFact {
  label: string;
  /** null: a personal field the erasure (or the order's deletion) shredded. */
  value: string | null;
}

const TITLES: Readonly<Record<string, string>> = {
  OrderPlaced: 'Order placed',
  OrderCurrencyChanged: 'Currency changed',
  OrderDeleted: 'Order deleted',
  OrderPaid: 'Payment received',
  OrderStatusChanged: 'Status changed',
  DeliveryAttached: 'Delivery file attached',
  DeliveryRemoved: 'Delivery file removed',
  ReviewSuggestionsSaved: 'Suggestions saved',
  DeliveryOpened: 'Delivery opened by the customer',
  OrderRefunded: 'Order refunded',
  OrderDataErased: 'Personal data erased',
  AtsCheckRecorded: 'ATS check of the upload recorded',
  CheckoutRequested: 'Checkout requested',
  CheckoutRequestAborted: 'Checkout request abandoned',
  CheckoutStarted: 'Checkout opened with the provider',
  PaymentVerified: 'Payment verified',
  PaymentFailed: 'Payment failed',
  PaymentAmountMismatch: 'Payment amount did not match',
  RefundIssued: 'Refund issued by the provider',
};

const FIELD_LABELS: Readonly<Record<string, string>> = {
  userEmail: 'E-mail',
  planName: 'Plan',
  providerOrderId: 'Provider order ID',
  paymentId: 'Payment ID',
  refundId: 'Refund ID',
  amountMinor: 'Amount',
  expectedAmountMinor: 'Expected amount',
  gotAmountMinor: 'Amount paid',
  gotCurrency: 'Currency paid',
  expectedCurrency: 'Expected currency',
  customerUploads: 'Uploads',
  resume: 'Resume form',
  file: 'File',
  filename: 'File name',
  text: 'Suggestions',
};

// Facts the step's title or outcome already says, or ids only a developer reads.
const HIDDEN_FIELDS = new Set([
  'orderId',
  'userId',
  'service',
  'requestId',
  'from',
  'to',
  'receipt',
  'requestedAt',
]);

/**
 * 'admin:{id}', 'user:{id}', 'system:{reactor}', 'provider:razorpay' in words: a person by their
 * name when the account has one, by a short id only when it has none (erased).
 */
export function actorLabel(
  actor: string | null,
  customerId: string | null,
  actorName: string | null = null,
): string {
  if (actor === null) return 'Not recorded';
  const [kind = '', id = ''] = actor.split(':', 2);
  switch (kind) {
    case 'admin':
      return `Admin ${actorName ?? id.slice(0, 8)}`;
    case 'user':
      if (id === customerId) return actorName ? `Customer ${actorName}` : 'Customer';
      return `User ${actorName ?? id.slice(0, 8)}`;
    case 'provider':
      return id === 'razorpay' ? 'Razorpay' : id;
    case 'system':
      return `System (${id})`;
    default:
      return actor;
  }
}

/**
 * The audit trail as timeline steps, in the order it happened. A personal field reading null
 * after the order's data was shredded (erasure, or the customer deleting an unpaid order) is a
 * fact shown as erased, not as missing.
 */
export function auditTrailSteps(
  entries: readonly AuditEntryView[],
  customerId: string | null,
): AuditTrailStep[] {
  const shredded = entries.some(
    (entry) => entry.type === 'OrderDataErased' || entry.type === 'OrderDeleted',
  );
  return entries.map((entry) => {
    // Read through the catalogues of the two streams the trail merges; an event they do not
    // accept is still a step, shown without facts rather than guessed at.
    const decoded = decodeEvent(TRAIL_CATALOGUES, entry);
    const event = decoded.kind === 'decoded' ? decoded.event : null;
    return {
      key: `${entry.stream}#${entry.version}`,
      at: entry.at,
      who: actorLabel(entry.actor, customerId, entry.actorName),
      what: TITLES[entry.type] ?? entry.type,
      outcome: event === null ? null : outcomeOf(event),
      facts: event === null ? [] : factsOf(event, shredded),
    };
  });
}

const TRAIL_CATALOGUES = [orderEvents, paymentEvents] as const;
type TrailEvent = StoredEventOf<(typeof TRAIL_CATALOGUES)[number]>;

/** The status or money after a step of the order stream. */
function outcomeOf(event: TrailEvent): string | null {
  switch (event.type) {
    case 'OrderStatusChanged':
      return `${orderStatusLook(event.data.from).label} → ${orderStatusLook(event.data.to).label}`;
    case 'OrderPlaced':
    case 'OrderPaid':
    case 'OrderCurrencyChanged':
    case 'OrderRefunded':
      return formatMoney(event.data.amount, event.data.currency);
    case 'AtsCheckRecorded':
      return `Score ${event.data.score} / 100`;
    default:
      return null;
  }
}

function factsOf(event: TrailEvent, shredded: boolean): AuditTrailFact[] {
  // The check's verdicts, text and fields are the Details tab's ATS check section, not facts.
  if (event.type === 'AtsCheckRecorded')
    return [{ label: 'Shown in', value: 'Details → ATS check' }];
  const personal = personalFieldsOf(event.type);
  const data: Readonly<Record<string, unknown>> = event.data;
  const currency = currencyIn(data);
  const facts: AuditTrailFact[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (HIDDEN_FIELDS.has(key)) continue;
    const label = FIELD_LABELS[key] ?? sentenceCase(key);
    if (value === null || value === undefined) {
      if (personal.includes(key) && shredded) facts.push({ label, value: null });
      continue;
    }
    // amount and currency are the outcome already.
    if (key === 'amount' || key === 'currency') continue;
    facts.push({ label, value: describe(key, value, currency) });
  }
  return facts;
}

function currencyIn(data: Readonly<Record<string, unknown>>): string | null {
  for (const key of ['currency', 'expectedCurrency']) {
    const value = data[key];
    if (typeof value === 'string') return value;
  }
  return null;
}

function describe(key: string, value: unknown, currency: string | null): string {
  if (key.endsWith('AmountMinor') || key === 'amountMinor') {
    return typeof value === 'number' && isCurrency(currency)
      ? formatMoney(fromMinorUnits(value, currency), currency)
      : String(value);
  }
  if (key === 'resume') return 'Submitted (see Details)';
  if (key === 'text' && typeof value === 'string') return `${value.length} characters`;
  if (Array.isArray(value)) return value.map((item) => describe(key, item, currency)).join(', ');
  if (typeof value === 'object' && value !== null) {
    // A stored file ({ fileId, name }): shown by its name.
    return 'name' in value && typeof value.name === 'string' ? value.name : JSON.stringify(value);
  }
  return String(value);
}

function sentenceCase(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
