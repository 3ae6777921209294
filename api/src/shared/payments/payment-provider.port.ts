import type { Currency } from '@shortlist/domain';

/**
 * What the payment code needs from Razorpay, in our words. Two adapters: the razorpay SDK
 * (`razorpay.provider.ts`, real Razorpay or the local sandbox over HTTP) and the in-process
 * sandbox (`sandbox.provider.ts`). `payment-provider.contract.ts` is the executable
 * definition of this file.
 */

type ProviderOrderStatus = 'created' | 'attempted' | 'paid';

export interface ProviderOrder {
  /** 'order_…' */
  id: string;
  amountMinor: number;
  amountPaidMinor: number;
  amountDueMinor: number;
  /** As the provider reports it (ISO code). */
  currency: string;
  receipt: string | null;
  status: ProviderOrderStatus;
  attempts: number;
  notes: Record<string, string>;
  /** Unix seconds. */
  createdAt: number;
}

export interface ProviderRefund {
  /** 'rfnd_…' */
  id: string;
  paymentId: string;
  amountMinor: number;
  currency: string;
  status: 'pending' | 'processed' | 'failed';
}

/**
 * One payment attempt as the provider reports it. `status` is Razorpay's: an auto-captured
 * payment reads 'captured', and 'refunded' once refunded in full.
 */
export interface ProviderPayment {
  /** 'pay_…' */
  id: string;
  /** The provider order it paid; null for a payment made without one. */
  providerOrderId: string | null;
  amountMinor: number;
  currency: string;
  status: string;
  /** How the customer paid, as Razorpay names it: 'card', 'upi', 'netbanking', 'wallet', … */
  method: string;
  /** Razorpay's `card_id`, for a card payment: which card paid. */
  cardId: string | null;
  /** Razorpay's `vpa`, for a UPI payment: the payer's UPI id. */
  vpa: string | null;
  /** Unix seconds. */
  createdAt: number;
}

export interface CreateOrderInput {
  amountMinor: number;
  currency: Currency;
  /** Our order id: Razorpay allows at most 40 characters. */
  receipt: string;
  notes?: Record<string, string>;
}

export interface RefundInput {
  paymentId: string;
  amountMinor: number;
  /**
   * Same key, same refund: a retried request never refunds twice (Razorpay's
   * X-Refund-Idempotency: at least 10 letters, digits, '-' or '_').
   */
  idempotencyKey: string;
  notes?: Record<string, string>;
}

export interface PaymentProvider {
  /** The public key id the browser's checkout is opened with. */
  readonly keyId: string;
  /** Where the browser loads Checkout.js from. */
  readonly checkoutScriptUrl: string;
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  fetchOrder(providerOrderId: string): Promise<ProviderOrder>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  refund(input: RefundInput): Promise<ProviderRefund>;
}

/** The provider refused or could not be reached. `code` is Razorpay's error code when known. */
export class PaymentProviderError extends Error {
  constructor(
    /** HTTP status from the provider; null when no answer came (network, timeout). */
    readonly statusCode: number | null,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export const RAZORPAY_CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
