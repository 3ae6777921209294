import {
  type CommandMetadata,
  type Currency,
  fromMinorUnits,
  type MarkOrderPaid,
  orderDecider,
  orderStreamName,
  type PaymentSource,
  paymentDecider,
  paymentStreamName,
  type RecordPayment,
  toMinorUnits,
} from '@shortlist/domain';
import { deterministicEventId } from '../commands/deterministic-event-id';
import { handleCommand } from '../commands/handle-command';
import { clockOf, type PaymentDeps, silentLogger } from './payment.deps';
import { commandMetadata, loadOrder, loadPayment } from './payment-streams';

/** A captured payment as one of the two channels reported it. */
export interface CapturedPayment {
  orderId: string;
  providerOrderId: string;
  paymentId: string;
  amountMinor: number;
  /** As reported; may be a currency we do not sell in (then it is a mismatch). */
  currency: string;
  source: PaymentSource;
  actor: string;
  correlationId: string;
  causationId?: string | null;
}

export type CaptureOutcome =
  /** The order is paid by this payment (now, or by an earlier report of it). */
  | { kind: 'paid' }
  /** Amount or currency differ from the order's: recorded, not fulfilled. */
  | { kind: 'mismatch' }
  /** Another payment had already paid the order: this one is recorded for a refund. */
  | { kind: 'duplicate'; paidBy: string }
  /** The order was deleted while the customer paid: recorded for a refund. */
  | { kind: 'order_deleted' };

/**
 * The one path from "the provider captured money" to "the order is paid", shared by the verify
 * call and the webhook. Each step is idempotent with ids derived from the payment, so the two
 * channels may race, repeat or arrive in any order and the streams still get one PaymentVerified
 * and one OrderPaid:
 * 1. RecordPayment on `payment-{orderId}`: the payment decider settles the payment once, as
 *    verified or as an amount mismatch (the order's price, in minor units, is the expectation);
 * 2. only for a verified payment, MarkOrderPaid on `order-{orderId}`, which never moves an order
 *    back from paid. A crash between the steps heals on the next report: step 1 then appends
 *    nothing and step 2 runs.
 */
export async function recordCapturedPayment(
  deps: PaymentDeps,
  captured: CapturedPayment,
): Promise<CaptureOutcome> {
  const { store } = deps;
  const logger = deps.logger ?? silentLogger;
  const { order } = await loadOrder(store, captured.orderId);
  const metadata: CommandMetadata = commandMetadata(
    captured.actor,
    clockOf(deps)(),
    captured.correlationId,
    captured.causationId ?? null,
  );
  const expected = {
    amountMinor: toMinorUnits(order.amount, order.currency),
    currency: order.currency,
  };
  const record: RecordPayment = {
    type: 'RecordPayment',
    data: {
      orderId: captured.orderId,
      providerOrderId: captured.providerOrderId,
      paymentId: captured.paymentId,
      amountMinor: captured.amountMinor,
      currency: captured.currency,
      expected,
      source: captured.source,
    },
    metadata,
  };
  await handleCommand({
    store,
    streamName: paymentStreamName(captured.orderId),
    decider: paymentDecider,
    command: record,
    // One id per payment, whichever channel settles it: the loser of a race appends nothing.
    eventIds: (index) =>
      deterministicEventId('payments:settle', `${captured.orderId}:${captured.paymentId}:${index}`),
  });

  // Read back rather than trust the append's answer: the store treats an event id it already
  // holds as a retry and answers success, even when the other channel stored a different verdict.
  const payment = await loadPayment(store, captured.orderId);
  const verified = payment.verified[captured.paymentId];
  if (verified === undefined) {
    logger.warn(
      { ...captured, expected },
      'Captured payment does not match the order; not fulfilled',
    );
    return { kind: 'mismatch' };
  }
  if (order.deleted) {
    logger.error({ ...captured }, 'Payment captured for a deleted order; it needs a refund');
    return { kind: 'order_deleted' };
  }
  const markPaid: MarkOrderPaid = {
    type: 'MarkOrderPaid',
    data: {
      paymentId: captured.paymentId,
      providerOrderId: verified.providerOrderId,
      amount: fromMinorUnits(verified.amountMinor, verified.currency),
      currency: verified.currency satisfies Currency,
    },
    metadata,
  };
  const marked = await handleCommand({
    store,
    streamName: orderStreamName(captured.orderId),
    decider: orderDecider,
    command: markPaid,
    eventIds: (index) =>
      deterministicEventId(
        'payments:mark-order-paid',
        `${captured.orderId}:${captured.paymentId}:${index}`,
      ),
  });
  // Appended (or the same payment's OrderPaid already there under the same id): paid by this one.
  if (marked.events.length > 0) return { kind: 'paid' };
  const after = await loadOrder(store, captured.orderId);
  if (after.order.paymentId !== captured.paymentId && after.order.paymentId !== null) {
    logger.error(
      { ...captured, paidBy: after.order.paymentId },
      'A second payment was captured for a paid order; it needs a refund',
    );
    return { kind: 'duplicate', paidBy: after.order.paymentId };
  }
  return { kind: 'paid' };
}
