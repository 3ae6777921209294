import {
  influencerLedgerDecider,
  influencerLedgerEvents,
  influencerStreamName,
  orderDecider,
  orderEvents,
  orderStreamName,
  paymentDecider,
  paymentEvents,
  paymentStreamName,
} from '@shortlist/domain';
import type { EventStore } from '@shortlist/eventstore';
import { aggregate } from './aggregate';

/** An order: stream `order-{orderId}`. */
export const orders = (store: EventStore) =>
  aggregate(store, { decider: orderDecider, catalogue: orderEvents, streamName: orderStreamName });

/** An order's payment: stream `payment-{orderId}`. */
export const payments = (store: EventStore) =>
  aggregate(store, {
    decider: paymentDecider,
    catalogue: paymentEvents,
    streamName: paymentStreamName,
  });

/** An influencer's ledger: stream `influencer-{influencerId}`. */
export const influencerLedgers = (store: EventStore) =>
  aggregate(store, {
    decider: influencerLedgerDecider,
    catalogue: influencerLedgerEvents,
    streamName: influencerStreamName,
  });
