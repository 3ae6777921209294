import { z } from 'zod';
import { type EventOf, eventCatalogue, type StoredEventOf } from '../core/event-catalogue';
import { CURRENCIES } from '../pricing/currency';

/**
 * Stream `payment-{orderId}` (ARCHITECTURE.md): the provider-facing life of one order's payment.
 * Amounts are integer minor units (paise, cents) because that is what the provider reports and
 * signs; the order stream keeps whole units.
 */

export const paymentStreamName = (orderId: string): string => `payment-${orderId}`;

const orderId = z.string().min(1);
const currency = z.enum(CURRENCIES);

/** Which report of a captured payment reached us first: the browser's verify call or the webhook. */
const source = z.enum(['verify', 'webhook']);
export type PaymentSource = z.infer<typeof source>;

/**
 * Why money went back. An admin refund of a paid order is `requested`; the others are automatic:
 * a captured payment that cannot pay its order is returned rather than kept: no money without a
 * service.
 * `provider` is a refund we learnt of from Razorpay without having made it (its dashboard).
 */
export const REFUND_REASONS = [
  'requested',
  'amount_mismatch',
  'order_deleted',
  'already_paid',
  'provider',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * The payment stream's events: the only declaration of them (types inferred below,
 * event-catalogue.ts `EventOf`).
 */
export const paymentEvents = eventCatalogue({
  /**
   * A caller claimed the right to create the provider order. Appending it with the stream's
   * expected version is what makes concurrent checkouts for one order create ONE provider order:
   * only the caller whose claim was appended calls the provider; the others wait for its result.
   */
  CheckoutRequested: z.object({
    orderId,
    requestId: z.string(),
    amountMinor: z.number().int(),
    currency,
    receipt: z.string(),
    /** ISO-8601; a claim older than CHECKOUT_REQUEST_TTL_MS may be taken over. */
    requestedAt: z.string(),
  }),
  /** The claimant could not create the provider order; the next caller may claim again at once. */
  CheckoutRequestAborted: z.object({ orderId, requestId: z.string(), reason: z.string() }),
  CheckoutStarted: z.object({
    orderId,
    requestId: z.string(),
    providerOrderId: z.string(),
    amountMinor: z.number().int(),
    currency,
    receipt: z.string(),
  }),
  PaymentVerified: z.object({
    orderId,
    providerOrderId: z.string(),
    paymentId: z.string(),
    amountMinor: z.number().int(),
    currency,
    source,
    /**
     * How the customer paid, as Razorpay names it on the payment ('card', 'upi', 'netbanking',
     * 'wallet', …): a fact for the admin, not a condition of payment. Absent when unknown: events
     * recorded before it was kept, or a verify whose lookup of the payment failed.
     */
    method: z.string().optional(),
    /**
     * Which card or UPI id paid, as a keyed HMAC of the provider's instrument id (the card_id or
     * VPA Razorpay names on the payment), so two payments by one instrument can be told apart
     * from two by different ones without the store ever holding the instrument. Not branded
     * personal: without the key, which lives outside the store, it names no card and no person,
     * and the referral ledger keeps comparing against it after an account is erased. Absent when
     * unknown: events recorded before it was kept, a method with no per-payer id (netbanking,
     * wallet), or a verify whose lookup of the payment failed.
     */
    instrument: z.string().optional(),
  }),
  PaymentFailed: z.object({
    orderId,
    providerOrderId: z.string(),
    paymentId: z.string(),
    reason: z.string(),
  }),
  /** The provider captured a payment whose amount or currency is not the order's: not fulfilled. */
  PaymentAmountMismatch: z.object({
    orderId,
    providerOrderId: z.string(),
    paymentId: z.string(),
    expectedAmountMinor: z.number().int(),
    expectedCurrency: currency,
    gotAmountMinor: z.number().int(),
    /** As the provider reported it; it may be a currency we do not sell in. */
    gotCurrency: z.string(),
    source,
  }),
  RefundIssued: z.object({
    orderId,
    paymentId: z.string(),
    refundId: z.string(),
    amountMinor: z.number().int(),
    currency,
    /** Absent on refunds recorded before reasons were kept. */
    reason: z.enum(REFUND_REASONS).optional(),
  }),
});

export type PaymentEvent = EventOf<typeof paymentEvents>;
export type CheckoutRequested = EventOf<typeof paymentEvents, 'CheckoutRequested'>;
export type CheckoutRequestAborted = EventOf<typeof paymentEvents, 'CheckoutRequestAborted'>;
export type CheckoutStarted = EventOf<typeof paymentEvents, 'CheckoutStarted'>;
export type PaymentVerified = EventOf<typeof paymentEvents, 'PaymentVerified'>;
export type PaymentFailed = EventOf<typeof paymentEvents, 'PaymentFailed'>;
export type PaymentAmountMismatch = EventOf<typeof paymentEvents, 'PaymentAmountMismatch'>;
export type RefundIssued = EventOf<typeof paymentEvents, 'RefundIssued'>;

export type StoredPaymentEvent = StoredEventOf<typeof paymentEvents>;
