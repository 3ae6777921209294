import {
  type CommandMetadata,
  type PaymentSource,
  paymentDecider,
  paymentStreamName,
  type RecordPayment,
  toMinorUnits,
} from '@shortlist/domain';
import { commandMetadata } from '../../commands/command-metadata';
import { deterministicEventId } from '../../commands/deterministic-event-id';
import { handleCommand } from '../../commands/handle-command';
import { loadOrder } from '../../shared/payments/payment-streams';
import type { PaymentsApp } from '../../shared/payments/payments';
import { settleCapturedPayment } from './settle-captured-payment';

/** A captured payment as one of the two channels reported it. */
export interface CapturedPayment {
  orderId: string;
  providerOrderId: string;
  paymentId: string;
  amountMinor: number;
  /** As reported; may be a currency we do not sell in (then it is a mismatch). */
  currency: string;
  source: PaymentSource;
  /** How the customer paid, as the provider names it; absent when the channel did not learn it. */
  method?: string;
  /** Which card or UPI id paid, fingerprinted (payment-instrument.ts); absent when unknown. */
  instrument?: string;
  actor: string;
  correlationId: string;
  causationId?: string | null;
}

export type CaptureOutcome =
  /** The order is paid by this payment (now, or by an earlier report of it). */
  | { kind: 'paid' }
  /** Amount or currency differ from the order's: recorded, not fulfilled, refunded. */
  | { kind: 'mismatch' }
  /** Another payment had already paid the order: this one is refunded. */
  | { kind: 'duplicate'; paidBy: string }
  /** The order was deleted while the customer paid: the payment is refunded. */
  | { kind: 'order_deleted' };

/**
 * The one path from "the provider captured money" to "the order is paid", shared by the verify
 * call and the webhook. Each step is idempotent with ids derived from the payment, so the two
 * channels may race, repeat or arrive in any order and the streams still get one PaymentVerified
 * and one OrderPaid:
 * 1. RecordPayment on `payment-{orderId}`: the payment decider settles the payment once, as
 *    verified or as an amount mismatch (the order's price, in minor units, is the expectation);
 * 2. settleCapturedPayment: MarkOrderPaid on `order-{orderId}` when the payment can pay the order
 *    (verified, order live, unpaid, same terms), else a provider refund and RefundIssued with the
 *    reason. A crash between the steps heals on the next report (step 1 then appends nothing and
 *    step 2 runs) or, when no report comes again, by the reconciliation job
 *    (payment-crash.int.spec.ts kills the server between them).
 * Two writes here rather than a settlement policy reacting to PaymentVerified: verify's 200 must
 * mean "paid" in the same request, while a policy runs wherever the projections run (another
 * process, behind a lag), and every path that reports a capture already finishes the step.
 */
export async function recordCapturedPayment(
  app: PaymentsApp,
  captured: CapturedPayment,
): Promise<CaptureOutcome> {
  const { store } = app;
  const logger = app.log;
  const { order } = await loadOrder(store, captured.orderId);
  const metadata: CommandMetadata = commandMetadata(
    captured.actor,
    new Date(),
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
      ...(captured.method === undefined ? {} : { method: captured.method }),
      ...(captured.instrument === undefined ? {} : { instrument: captured.instrument }),
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

  // Then the capture ends one way or the other: it pays the order, or it is refunded. Read back
  // rather than trust the append's answer: the store treats an event id it already holds as a
  // retry and answers success, even when the other channel stored a different verdict.
  const settled = await settleCapturedPayment(app, {
    orderId: captured.orderId,
    paymentId: captured.paymentId,
    metadata,
  });
  if (settled === null) throw new Error(`Payment ${captured.paymentId} was recorded but not found`);
  if (settled.kind === 'fulfilled') return { kind: 'paid' };
  logger.warn(
    { ...captured, expected, reason: settled.reason, refundId: settled.refundId },
    'Captured payment did not pay its order; refunded',
  );
  switch (settled.reason) {
    case 'order_deleted':
      return { kind: 'order_deleted' };
    case 'already_paid': {
      const after = await loadOrder(store, captured.orderId);
      return { kind: 'duplicate', paidBy: after.order.paymentId ?? '' };
    }
    default:
      return { kind: 'mismatch' };
  }
}
