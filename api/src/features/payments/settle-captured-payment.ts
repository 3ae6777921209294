import { createHash } from 'node:crypto';
import {
  type CaptureSettlement,
  type CommandMetadata,
  DomainError,
  fromMinorUnits,
  isCurrency,
  type MarkOrderPaid,
  ORDER_MESSAGES,
  type OrderPayability,
  orderDecider,
  orderStreamName,
  type RefundReason,
  settlementOf,
  toMinorUnits,
} from '@shortlist/domain';
import { deterministicEventId } from '../../commands/deterministic-event-id';
import { handleCommand } from '../../commands/handle-command';
import { loadOrder, loadPayment, type PlacedOrder } from '../../shared/payments/payment-streams';
import type { PaymentsApp } from '../../shared/payments/payments';
import { recordRefund } from '../../shared/payments/refund-order';

/** How a captured payment ended (or had already ended). */
export type SettledCapture =
  | { kind: 'fulfilled' }
  | { kind: 'refunded'; reason: RefundReason | null; refundId: string | null };

/**
 * The provider's idempotency key for the automatic refund of one payment: derived from the
 * payment id, so verify, the webhook and the reconciliation job racing on it refund once.
 */
function captureRefundKey(paymentId: string): string {
  return `autorefund_${createHash('sha256').update(paymentId).digest('hex').slice(0, 32)}`;
}

export function payabilityOf(order: PlacedOrder | null): OrderPayability | null {
  if (order === null) return null;
  return {
    deleted: order.deleted,
    paidBy: order.paymentId,
    amountMinor: toMinorUnits(order.amount, order.currency),
    currency: order.currency,
  };
}

export async function loadOrderOrNull(
  app: PaymentsApp,
  orderId: string,
): Promise<PlacedOrder | null> {
  try {
    return (await loadOrder(app.store, orderId)).order;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return null;
    throw error;
  }
}

/** Re-reading is enough to resolve a lost race; more rounds would mean a livelock, not a race. */
const MAX_ROUNDS = 4;

/**
 * Brings one captured payment to its end, so no money is kept without a service: it pays the order
 * when it can (MarkOrderPaid, with the same event ids as every other path, so a repeat appends
 * nothing), else the provider refunds it in full (one idempotency key per payment) and RefundIssued
 * with the reason goes on the payment stream. The order stream is not touched by such a refund: the
 * order was never paid by this money. Safe to call any number of times from verify, the webhook and
 * the reconciliation job at once.
 */
export async function settleCapturedPayment(
  app: PaymentsApp,
  input: { orderId: string; paymentId: string; metadata: CommandMetadata },
): Promise<SettledCapture | null> {
  const logger = app.log;
  const { orderId, paymentId, metadata } = input;
  for (let round = 1; ; round += 1) {
    const payment = await loadPayment(app.store, orderId);
    const order = await loadOrderOrNull(app, orderId);
    const settlement: CaptureSettlement | null = settlementOf(
      payment,
      payabilityOf(order),
      paymentId,
    );
    if (settlement === null) return null;
    switch (settlement.kind) {
      case 'fulfilled':
        return { kind: 'fulfilled' };
      case 'refunded': {
        const refundId =
          Object.entries(payment.refunds).find(([, r]) => r.paymentId === paymentId)?.[0] ?? null;
        return { kind: 'refunded', reason: settlement.reason, refundId };
      }
      case 'fulfil': {
        const { payment: verified } = settlement;
        const markPaid: MarkOrderPaid = {
          type: 'MarkOrderPaid',
          data: {
            paymentId,
            providerOrderId: verified.providerOrderId,
            amount: fromMinorUnits(verified.amountMinor, verified.currency),
            currency: verified.currency,
          },
          metadata,
        };
        try {
          await handleCommand({
            store: app.store,
            streamName: orderStreamName(orderId),
            decider: orderDecider,
            command: markPaid,
            eventIds: (index) =>
              deterministicEventId('payments:mark-order-paid', `${orderId}:${paymentId}:${index}`),
          });
        } catch (error) {
          // The order changed between our read and the append (currency switched, deleted):
          // the next round sees it and refunds instead.
          const changed =
            error instanceof DomainError &&
            (error.message === ORDER_MESSAGES.amountMismatch || error.kind === 'gone');
          if (!changed || round >= MAX_ROUNDS) throw error;
        }
        break;
      }
      case 'refund': {
        if (!isCurrency(settlement.currency)) {
          // Razorpay captures in the provider order's currency, which we chose: cannot happen
          // unless the provider misreports; a person must look.
          logger.error(
            { orderId, paymentId, currency: settlement.currency },
            'Captured payment in a currency we do not sell; refund it by hand',
          );
          throw new DomainError('conflict', ORDER_MESSAGES.amountMismatch);
        }
        const refund = await app.payments.provider.refund({
          paymentId,
          amountMinor: settlement.amountMinor,
          idempotencyKey: captureRefundKey(paymentId),
          notes: { orderId, reason: settlement.reason },
        });
        await recordRefund(
          app,
          {
            orderId,
            paymentId,
            refundId: refund.id,
            amountMinor: settlement.amountMinor,
            currency: settlement.currency,
            reason: settlement.reason,
          },
          metadata,
        );
        logger.warn(
          { orderId, paymentId, refundId: refund.id, reason: settlement.reason },
          'Captured payment could not pay its order; refunded automatically',
        );
        break;
      }
    }
    if (round >= MAX_ROUNDS) throw new Error(`Payment ${paymentId} did not settle`);
  }
}
