import { createHash } from 'node:crypto';
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
import type { Position } from '@shortlist/eventstore';
import { deterministicEventId } from '../../commands/deterministic-event-id';
import { handleCommand } from '../../commands/handle-command';
import { loadOrder, loadPayment } from './payment-streams';
import type { PaymentsApp } from './payments';

interface RefundResult {
  orderId: string;
  refundId: string;
  amountMinor: number;
  currency: Currency;
}

export interface RefundedOrder {
  refund: RefundResult;
  /**
   * Where the order stream stands after the refund: its OrderRefunded (ours, or a racing admin's
   * or webhook's), for the caller to wait on before it reads the order back.
   */
  position: Position | null;
}

/**
 * The provider's idempotency key for "refund this order": derived from the order id, so two
 * admins pressing Refund at once (or one retry after a lost answer) refund once at the provider.
 * Razorpay wants at least 10 of [A-Za-z0-9_-].
 */
function refundIdempotencyKey(orderId: string): string {
  return `refund_${createHash('sha256').update(orderId).digest('hex').slice(0, 32)}`;
}

/**
 * Admin refund (SPEC §1: only while the order is pending): a full refund at the provider, then
 * RefundIssued on the payment stream and OrderRefunded on the order stream, each with ids derived
 * from the refund so a repeat appends nothing. The provider is not called again once the payment
 * stream knows a refund of this payment.
 */
export async function refundOrder(
  app: PaymentsApp,
  orderId: string,
  metadata: CommandMetadata,
): Promise<RefundedOrder> {
  const { order, position: orderPosition } = await loadOrder(app.store, orderId);
  if (order.deleted) throw new DomainError('gone', ORDER_MESSAGES.deleted);
  const payment = await loadPayment(app.store, orderId);
  const paymentId = order.paymentId;
  const recorded = Object.entries(payment.refunds).find(([, r]) => r.paymentId === paymentId);
  if (order.status === 'refunded' && recorded !== undefined) {
    const [refundId, refund] = recorded;
    return {
      refund: { orderId, refundId, amountMinor: refund.amountMinor, currency: refund.currency },
      position: orderPosition,
    };
  }
  if (paymentId === null) throw new DomainError('conflict', ORDER_MESSAGES.notPaid);
  if (order.status !== 'pending' && order.status !== 'refunded') {
    throw new DomainError('conflict', ORDER_MESSAGES.refundOnlyWhilePending);
  }
  const amountMinor = toMinorUnits(order.amount, order.currency);

  // A refund recorded on the payment stream but not yet on the order (a crash between the two
  // writes) is finished from the record: the provider is not asked again.
  const refundId =
    recorded?.[0] ??
    (
      await app.payments.provider.refund({
        paymentId,
        amountMinor,
        idempotencyKey: refundIdempotencyKey(orderId),
        notes: { orderId, reason: 'requested' },
      })
    ).id;
  const position = await recordRefund(
    app,
    { orderId, paymentId, refundId, amountMinor, currency: order.currency, reason: 'requested' },
    metadata,
  );
  return {
    refund: { orderId, refundId, amountMinor, currency: order.currency },
    position: position ?? (await loadOrder(app.store, orderId)).position,
  };
}

/**
 * Records a refund the provider made (our own, or one from Razorpay's dashboard via webhook).
 * The order is refunded only when the refunded payment is the one that paid it: the automatic
 * refund of a payment that could not pay its order leaves the order as it was. Answers the
 * position of the OrderRefunded it appended (null when it appended none).
 */
export async function recordRefund(
  app: PaymentsApp,
  refund: RecordRefund['data'],
  metadata: CommandMetadata,
): Promise<Position | null> {
  const record: RecordRefund = { type: 'RecordRefund', data: refund, metadata };
  await handleCommand({
    store: app.store,
    streamName: paymentStreamName(refund.orderId),
    decider: paymentDecider,
    command: record,
    eventIds: (index) =>
      deterministicEventId('payments:record-refund', `${refund.refundId}:${index}`),
  });
  const { order } = await loadOrder(app.store, refund.orderId);
  if (order.deleted || order.paymentId !== refund.paymentId) return null;
  const refundOrderCommand: RefundOrder = {
    type: 'RefundOrder',
    data: { refundId: refund.refundId },
    metadata,
  };
  const { position } = await handleCommand({
    store: app.store,
    streamName: orderStreamName(refund.orderId),
    decider: orderDecider,
    command: refundOrderCommand,
    eventIds: (index) =>
      deterministicEventId(
        'payments:refund-order',
        `${refund.orderId}:${refund.refundId}:${index}`,
      ),
  });
  return position;
}
