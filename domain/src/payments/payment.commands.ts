import type { Command } from '../core/decider';
import type { Currency } from '../pricing/currency';
import type { PaymentSource, RefundReason } from './payment.events';

/** What a checkout charges, in the provider's minor units. */
export interface ChargeTerms {
  amountMinor: number;
  currency: Currency;
}

export type RequestCheckout = Command<
  'RequestCheckout',
  { orderId: string; requestId: string; receipt: string } & ChargeTerms
>;
export type StartCheckout = Command<
  'StartCheckout',
  { orderId: string; requestId: string; providerOrderId: string; receipt: string } & ChargeTerms
>;
export type AbortCheckoutRequest = Command<
  'AbortCheckoutRequest',
  { orderId: string; requestId: string; reason: string }
>;
/** A captured payment as the provider reported it, with what the order charges. */
export type RecordPayment = Command<
  'RecordPayment',
  {
    orderId: string;
    providerOrderId: string;
    paymentId: string;
    amountMinor: number;
    currency: string;
    expected: ChargeTerms;
    source: PaymentSource;
    /** As the provider names it; absent when the channel could not learn it. */
    method?: string;
    /** The paying instrument's fingerprint (PaymentVerified.instrument); absent when unknown. */
    instrument?: string;
  }
>;
export type RecordPaymentFailure = Command<
  'RecordPaymentFailure',
  { orderId: string; providerOrderId: string; paymentId: string; reason: string }
>;
export type RecordAmountMismatch = Command<
  'RecordAmountMismatch',
  {
    orderId: string;
    providerOrderId: string;
    paymentId: string;
    expected: ChargeTerms;
    gotAmountMinor: number;
    gotCurrency: string;
    source: PaymentSource;
  }
>;
export type RecordRefund = Command<
  'RecordRefund',
  { orderId: string; paymentId: string; refundId: string; reason: RefundReason } & ChargeTerms
>;

export type PaymentCommand =
  | RequestCheckout
  | StartCheckout
  | AbortCheckoutRequest
  | RecordPayment
  | RecordPaymentFailure
  | RecordAmountMismatch
  | RecordRefund;
