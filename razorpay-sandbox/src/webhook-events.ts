import type { SandboxOrder, SandboxPayment, SandboxRefund } from './sandbox.schema';

/**
 * Razorpay's webhook payloads (https://razorpay.com/docs/webhooks/payments/,
 * /docs/webhooks/orders/, /docs/webhooks/refunds/): an `event` envelope whose `payload` holds a
 * snapshot of each entity the event `contains`. Only the fields Razorpay documents, with the
 * values a test-mode payment would carry.
 */

export type SandboxWebhookEventName =
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.processed';

export interface WebhookEnvelope {
  entity: 'event';
  account_id: string;
  event: SandboxWebhookEventName;
  contains: string[];
  payload: Record<string, { entity: Record<string, unknown> }>;
  created_at: number;
}

const SANDBOX_ACCOUNT_ID = 'acc_Sandbox0000000';

/** Razorpay's payment status: an auto-captured payment refunded in full reads 'refunded'. */
export function paymentStatus(payment: SandboxPayment): 'captured' | 'refunded' | 'failed' {
  if (payment.status === 'failed') return 'failed';
  return payment.amountRefunded >= payment.amount ? 'refunded' : 'captured';
}

export function paymentEntity(
  payment: SandboxPayment,
  order: Pick<SandboxOrder, 'notes'>,
): Record<string, unknown> {
  const failed = payment.status === 'failed';
  return {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: payment.currency,
    status: paymentStatus(payment),
    order_id: payment.orderId,
    invoice_id: null,
    international: payment.currency !== 'INR',
    method: payment.method,
    amount_refunded: payment.amountRefunded,
    refund_status:
      payment.amountRefunded === 0
        ? null
        : payment.amountRefunded >= payment.amount
          ? 'full'
          : 'partial',
    captured: payment.status === 'captured',
    description: null,
    card_id: payment.cardId,
    ...(payment.cardId === null ? {} : { card: cardEntity(payment) }),
    bank: payment.method === 'netbanking' ? 'HDFC' : null,
    wallet: payment.method === 'wallet' ? 'paytm' : null,
    // Payments recorded before the sandbox kept the payer's UPI id all paid as its test id.
    vpa: payment.method === 'upi' ? (payment.vpa ?? 'success@razorpay') : null,
    email: payment.email ?? 'void@razorpay.com',
    contact: payment.contact ?? '+919000090000',
    notes: order.notes,
    fee: failed ? null : Math.round(payment.amount * 0.02),
    tax: failed ? null : Math.round(payment.amount * 0.0036),
    error_code: payment.errorCode,
    error_description: payment.errorDescription,
    error_source: failed ? 'customer' : null,
    error_step: failed ? 'payment_authorization' : null,
    error_reason: payment.errorReason,
    acquirer_data: {},
    created_at: payment.createdAt,
  };
}

/** The card entity Razorpay nests in a card payment (https://razorpay.com/docs/api/payments/entity). */
function cardEntity(payment: SandboxPayment): Record<string, unknown> {
  return {
    id: payment.cardId,
    entity: 'card',
    name: '',
    last4: payment.cardLast4,
    network: payment.cardNetwork,
    type: 'credit',
    issuer: null,
    international: false,
    emi: false,
    sub_type: 'consumer',
    token_iin: null,
  };
}

export function orderEntity(order: SandboxOrder): Record<string, unknown> {
  return {
    id: order.id,
    entity: 'order',
    amount: order.amount,
    amount_paid: order.amountPaid,
    amount_due: order.amount - order.amountPaid,
    currency: order.currency,
    receipt: order.receipt,
    offer_id: null,
    status: order.status,
    attempts: order.attempts,
    notes: order.notes,
    created_at: order.createdAt,
  };
}

export function refundEntity(refund: SandboxRefund): Record<string, unknown> {
  return {
    id: refund.id,
    entity: 'refund',
    amount: refund.amount,
    currency: refund.currency,
    payment_id: refund.paymentId,
    notes: refund.notes,
    receipt: refund.receipt,
    acquirer_data: { arn: null },
    created_at: refund.createdAt,
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: refund.speedRequested,
  };
}

function envelope(
  event: SandboxWebhookEventName,
  payload: WebhookEnvelope['payload'],
): WebhookEnvelope {
  return {
    entity: 'event',
    account_id: SANDBOX_ACCOUNT_ID,
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** What Razorpay sends when an order's payment is captured: payment.captured, then order.paid. */
export function captureEvents(order: SandboxOrder, payment: SandboxPayment): WebhookEnvelope[] {
  const paymentPayload = { payment: { entity: paymentEntity(payment, order) } };
  return [
    envelope('payment.captured', paymentPayload),
    envelope('order.paid', { ...paymentPayload, order: { entity: orderEntity(order) } }),
  ];
}

export function failureEvent(order: SandboxOrder, payment: SandboxPayment): WebhookEnvelope {
  return envelope('payment.failed', { payment: { entity: paymentEntity(payment, order) } });
}

export function refundEvent(
  refund: SandboxRefund,
  payment: SandboxPayment,
  order: SandboxOrder,
): WebhookEnvelope {
  return envelope('refund.processed', {
    refund: { entity: refundEntity(refund) },
    payment: { entity: paymentEntity(payment, order) },
  });
}
