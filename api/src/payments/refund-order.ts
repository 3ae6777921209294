import { createHash, randomUUID } from 'node:crypto';
import {
  type CommandMetadata,
  type Currency,
  DomainError,
  ORDER_MESSAGES,
  orderDecider,
  orderStreamName,
  paymentDecider,
  paymentStreamName,
  type RecordRefund,
  type RefundOrder,
  toMinorUnits,
} from '@shortlist/domain';
import { deterministicEventId } from '../commands/deterministic-event-id';
import { handleCommand } from '../commands/handle-command';
import { clockOf, type PaymentDeps } from './payment.deps';
import { commandMetadata, loadOrder, loadPayment } from './payment-streams';

export interface RefundResult {
  orderId: string;
  refundId: string;
  amountMinor: number;
  currency: Currency;
}

/**
 * The provider's idempotency key for "refund this order": derived from the order id, so two
 * admins pressing Refund at once (or one retry after a lost answer) refund once at the provider.
 * Razorpay wants at least 10 of [A-Za-z0-9_-].
 */
export function refundIdempotencyKey(orderId: string): string {
  return `refund_${createHash('sha256').update(orderId).digest('hex').slice(0, 32)}`;
}

/**
 * Admin refund (SPEC §1: only while the order is pending): a full refund at the provider, then
 * RefundIssued on the payment stream and OrderRefunded on the order stream, each with ids derived
 * from the refund so a repeat appends nothing. The provider is not called again once the payment
 * stream knows a refund of this payment.
 */
export async function refundOrder(
  deps: PaymentDeps,
  orderId: string,
  actor: string,
  correlationId: string = randomUUID(),
): Promise<RefundResult> {
  const { order } = await loadOrder(deps.store, orderId);
  if (order.deleted) throw new DomainError('gone', ORDER_MESSAGES.deleted);
  const payment = await loadPayment(deps.store, orderId);
  const paymentId = order.paymentId;
  const recorded = Object.entries(payment.refunds).find(([, r]) => r.paymentId === paymentId);
  if (order.status === 'refunded' && recorded !== undefined) {
    const [refundId, refund] = recorded;
    return { orderId, refundId, amountMinor: refund.amountMinor, currency: refund.currency };
  }
  if (paymentId === null) throw new DomainError('conflict', ORDER_MESSAGES.notPaid);
  if (order.status !== 'pending' && order.status !== 'refunded') {
    throw new DomainError('conflict', ORDER_MESSAGES.refundOnlyWhilePending);
  }
  const amountMinor = toMinorUnits(order.amount, order.currency);
  const metadata = commandMetadata(actor, clockOf(deps)(), correlationId);

  const refundId =
    recorded?.[0] ??
    (
      await deps.provider.refund({
        paymentId,
        amountMinor,
        idempotencyKey: refundIdempotencyKey(orderId),
        notes: { orderId, reason: 'requested' },
      })
    ).id;
  await recordRefund(
    deps,
    { orderId, paymentId, refundId, amountMinor, currency: order.currency, reason: 'requested' },
    metadata,
  );
  return { orderId, refundId, amountMinor, currency: order.currency };
}

/**
 * Records a refund the provider made (our own, or one from Razorpay's dashboard via webhook).
 * The order is refunded only when the refunded payment is the one that paid it: the automatic
 * refund of a payment that could not pay its order leaves the order as it was.
 */
export async function recordRefund(
  deps: PaymentDeps,
  refund: RecordRefund['data'],
  metadata: CommandMetadata,
): Promise<void> {
  const record: RecordRefund = { type: 'RecordRefund', data: refund, metadata };
  await handleCommand({
    store: deps.store,
    streamName: paymentStreamName(refund.orderId),
    decider: paymentDecider,
    command: record,
    eventIds: (index) =>
      deterministicEventId('payments:record-refund', `${refund.refundId}:${index}`),
  });
  const { order } = await loadOrder(deps.store, refund.orderId);
  if (order.deleted || order.paymentId !== refund.paymentId) return;
  const refundOrderCommand: RefundOrder = {
    type: 'RefundOrder',
    data: { refundId: refund.refundId },
    metadata,
  };
  await handleCommand({
    store: deps.store,
    streamName: orderStreamName(refund.orderId),
    decider: orderDecider,
    command: refundOrderCommand,
    eventIds: (index) =>
      deterministicEventId(
        'payments:refund-order',
        `${refund.orderId}:${refund.refundId}:${index}`,
      ),
  });
}
