import {
  type CommandMetadata,
  paymentDecider,
  paymentStreamName,
  type RecordPaymentFailure,
} from '@shortlist/domain';
import { deterministicEventId } from '../../commands/deterministic-event-id';
import { handleCommand } from '../../commands/handle-command';
import type { PaymentsApp } from '../../shared/payments/payments';

/**
 * A failed attempt (payment.failed): recorded once per payment id; the order is untouched (a
 * paid order never moves back) and its checkout stays open for another try.
 */
export async function recordPaymentFailure(
  app: PaymentsApp,
  failure: RecordPaymentFailure['data'] & { metadata: CommandMetadata },
): Promise<void> {
  const { metadata, ...data } = failure;
  const command: RecordPaymentFailure = { type: 'RecordPaymentFailure', data, metadata };
  await handleCommand({
    store: app.store,
    streamName: paymentStreamName(data.orderId),
    decider: paymentDecider,
    command,
    eventIds: (index) =>
      deterministicEventId('payments:payment-failed', `${data.orderId}:${data.paymentId}:${index}`),
  });
}
