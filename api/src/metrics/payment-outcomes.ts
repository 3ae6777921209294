import type { EventStore } from '@shortlist/eventstore';
import type { Metrics } from './metrics';

/** The payment events an operator counts, by the outcome label they get. */
const OUTCOMES: Readonly<Record<string, string>> = {
  CheckoutStarted: 'checkout_started',
  PaymentVerified: 'captured',
  PaymentFailed: 'failed',
  PaymentAmountMismatch: 'amount_mismatch',
  RefundIssued: 'refunded',
};

/**
 * Counts payment outcomes where every one of them is decided: the append of its event, whichever
 * route, webhook, job or policy appended it. One place instead of a counter call in every payment
 * path; an append retried with the same event ids (stored once) is counted once per answer.
 */
export function countingPaymentOutcomes(store: EventStore, metrics: Metrics): EventStore {
  return {
    ...store,
    async append(streamName, events, options) {
      const result = await store.append(streamName, events, options);
      if (streamName.startsWith('payment-')) {
        for (const event of events) {
          const outcome = OUTCOMES[event.type];
          if (outcome !== undefined) metrics.payments.inc({ outcome });
        }
      }
      return result;
    },
  };
}
