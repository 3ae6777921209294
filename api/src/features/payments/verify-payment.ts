import {
  DomainError,
  isPaymentVerified,
  ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  type PaymentState,
} from '@shortlist/domain';
import type { VerifyPaymentBody } from '@shortlist/domain/contract';
import { HttpError } from '../../shared/http-error';
import { instrumentFingerprint } from '../../shared/payments/payment-instrument';
import { loadOrder, loadPayment } from '../../shared/payments/payment-streams';
import type { PaymentsApp } from '../../shared/payments/payments';
import { isValidCheckoutSignature } from '../../shared/payments/razorpay-signature';
import { recordCapturedPayment } from './record-captured-payment';

/**
 * How long verify waits to learn the payment's method and instrument. They are facts for the
 * admin and the referral ledger, not conditions of payment: a slow provider must not hold the
 * customer's "paid" for the adapter's whole request timeout.
 */
const METHOD_LOOKUP_TIMEOUT_MS = 3_000;

interface PaidWith {
  method?: string;
  instrument?: string;
}

/**
 * The method the provider names on the payment and the fingerprint of the instrument that paid,
 * or nothing when it could not tell us in time.
 */
async function paidWith(
  app: PaymentsApp,
  state: PaymentState,
  paymentId: string,
): Promise<PaidWith> {
  // Settled already (the webhook came first): the record is written, nothing to learn for it.
  if (isPaymentVerified(state, paymentId) || state.mismatched.includes(paymentId)) return {};
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), METHOD_LOOKUP_TIMEOUT_MS);
  });
  try {
    const payment = await Promise.race([app.payments.provider.fetchPayment(paymentId), timeout]);
    if (payment === undefined) {
      app.log.warn({ paymentId }, 'Payment method lookup timed out; recorded as unknown');
      return {};
    }
    const instrument = instrumentFingerprint(app.payments.instrumentKey, payment);
    return { method: payment.method, ...(instrument === undefined ? {} : { instrument }) };
  } catch (error) {
    app.log.warn({ paymentId, err: error }, 'Payment method lookup failed; recorded as unknown');
    return {};
  } finally {
    clearTimeout(timer);
  }
}

const VERIFY_MESSAGES = {
  verified: 'Payment verified.',
  /** SPEC §8 wording. */
  failed: PAYMENT_MESSAGES.verificationFailed,
} as const;

/**
 * POST /payments/verify: the browser relays Checkout.js's handler response. The signature is
 * checked over the provider order id WE stored for this order (a client cannot point it at
 * another order), in constant time; a forged or mismatched one changes nothing. A valid one
 * goes down the same path as the webhook, so replays and races give one OrderPaid.
 */
export async function verifyPayment(
  app: PaymentsApp,
  input: VerifyPaymentBody & { userId: string; correlationId: string },
): Promise<{ message: string; paymentStatus: 'paid' }> {
  const { order } = await loadOrder(app.store, input.orderId);
  if (order.userId !== input.userId) throw new DomainError('forbidden', ORDER_MESSAGES.notYours);
  const payment = await loadPayment(app.store, input.orderId);
  // The id the client names only selects among the provider orders we issued for this order
  // (a superseded checkout may still be paid); anything else falls back to the open one.
  const stored =
    payment.providerOrders[input.razorpay_order_id] !== undefined
      ? input.razorpay_order_id
      : (payment.openCheckout?.providerOrderId ?? null);
  const terms = stored === null ? undefined : payment.providerOrders[stored];
  if (
    stored === null ||
    terms === undefined ||
    !isValidCheckoutSignature({
      keySecret: app.payments.keySecret,
      providerOrderId: stored,
      paymentId: input.razorpay_payment_id,
      signature: input.razorpay_signature,
    })
  ) {
    throw new HttpError(400, VERIFY_MESSAGES.failed);
  }
  const outcome = await recordCapturedPayment(app, {
    orderId: input.orderId,
    providerOrderId: stored,
    paymentId: input.razorpay_payment_id,
    // The provider order's amount: Razorpay captures exactly what the order was created for.
    amountMinor: terms.amountMinor,
    currency: terms.currency,
    source: 'verify',
    ...(await paidWith(app, payment, input.razorpay_payment_id)),
    actor: `user:${input.userId}`,
    correlationId: input.correlationId,
  });
  switch (outcome.kind) {
    case 'paid':
      return { message: VERIFY_MESSAGES.verified, paymentStatus: 'paid' };
    case 'duplicate':
      // The order is paid (by the other payment); this one is on record for a refund.
      return { message: VERIFY_MESSAGES.verified, paymentStatus: 'paid' };
    case 'mismatch':
      throw new DomainError('conflict', ORDER_MESSAGES.amountMismatch);
    case 'order_deleted':
      throw new DomainError('gone', ORDER_MESSAGES.deleted);
  }
}
