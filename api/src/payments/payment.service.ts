import type { PaymentDeps } from './payment.deps';
import { processWebhookEvent } from './payment-webhook';
import {
  type CapturedPayment,
  type CaptureOutcome,
  recordCapturedPayment,
} from './record-captured-payment';
import { type RefundResult, refundOrder } from './refund-order';
import { type CheckoutStartResponse, startCheckout } from './start-checkout';
import { type VerifyPaymentInput, verifyPayment } from './verify-payment';

/** The payment use cases bound to their dependencies; what the routes and the lead's admin route call. */
export interface PaymentService {
  startCheckout(input: {
    orderId: string;
    userId: string;
    correlationId: string;
  }): Promise<CheckoutStartResponse>;
  verifyPayment(
    input: VerifyPaymentInput & { userId: string; correlationId: string },
  ): Promise<{ message: string; paymentStatus: 'paid' }>;
  recordCapturedPayment(captured: CapturedPayment): Promise<CaptureOutcome>;
  processWebhookEvent(eventId: string, event: unknown): Promise<void>;
  /** Admin only (the route checks the role); `actor` is 'admin:{id}'. */
  refundOrder(orderId: string, actor: string, correlationId?: string): Promise<RefundResult>;
}

export function createPaymentService(deps: PaymentDeps): PaymentService {
  return {
    startCheckout: (input) => startCheckout(deps, input),
    verifyPayment: (input) => verifyPayment(deps, input),
    recordCapturedPayment: (captured) => recordCapturedPayment(deps, captured),
    processWebhookEvent: (eventId, event) => processWebhookEvent(deps, eventId, event),
    refundOrder: (orderId, actor, correlationId) =>
      refundOrder(deps, orderId, actor, correlationId),
  };
}
