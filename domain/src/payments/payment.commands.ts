import type { Command } from '../core/decider';
import type {
  CheckoutRequestAborted,
  CheckoutRequested,
  CheckoutStarted,
  PaymentFailed,
  PaymentSource,
  RefundIssued,
  RefundReason,
} from './payment.events';

/** What a checkout charges, in the provider's minor units. */
export type ChargeTerms = Pick<CheckoutStarted['data'], 'amountMinor' | 'currency'>;

/** The claim's time is the command's own (`metadata.now`), so the caller does not give it. */
export type RequestCheckout = Command<
  'RequestCheckout',
  Omit<CheckoutRequested['data'], 'requestedAt'>
>;
export type StartCheckout = Command<'StartCheckout', CheckoutStarted['data']>;
export type AbortCheckoutRequest = Command<'AbortCheckoutRequest', CheckoutRequestAborted['data']>;
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
export type RecordPaymentFailure = Command<'RecordPaymentFailure', PaymentFailed['data']>;
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
/** Every new refund says why (`reason` is optional on the event only for older ones). */
export type RecordRefund = Command<
  'RecordRefund',
  Omit<RefundIssued['data'], 'reason'> & { reason: RefundReason }
>;

export type PaymentCommand =
  | RequestCheckout
  | StartCheckout
  | AbortCheckoutRequest
  | RecordPayment
  | RecordPaymentFailure
  | RecordAmountMismatch
  | RecordRefund;
