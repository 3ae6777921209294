import fc from 'fast-check';
import { describe, it } from 'vitest';
import { RuleSpecification } from '../core/decider-spec';
import { ORDER_MESSAGES } from '../orders/order.commands';
import { orderDecider } from '../orders/order.decider';
import type { OrderEvent, OrderPlaced } from '../orders/order.events';
import { orderPlacedData } from '../testing/order-fixture';
import { checkoutTerms } from './order-checkout.rule';

const placed = (overrides: Partial<OrderPlaced['data']> = {}): OrderPlaced => ({
  type: 'OrderPlaced',
  data: orderPlacedData({ orderId: 'o1', userId: 'u1', amount: 200, ...overrides }),
});
const paid: OrderEvent = {
  type: 'OrderPaid',
  data: {
    orderId: 'o1',
    paymentId: 'pay_1',
    providerOrderId: 'order_1',
    amount: 200,
    currency: 'INR',
  },
};
const refunded: OrderEvent = {
  type: 'OrderRefunded',
  data: { orderId: 'o1', refundId: 'rfnd_1', amount: 200, currency: 'INR' },
};
const deleted: OrderEvent = { type: 'OrderDeleted', data: { orderId: 'o1' } };

const spec = RuleSpecification.for(orderDecider, checkoutTerms);

describe('what a checkout may charge for an order', () => {
  it("charges the owner the order's own amount, in minor units", () => {
    spec.given([placed()]).when('u1').then({ amountMinor: 20_000, currency: 'INR' });
    spec
      .given([placed({ amount: 25, currency: 'USD' })])
      .when('u1')
      .then({ amountMinor: 2_500, currency: 'USD' });
  });

  it('refuses a missing order, a deleted one and one of someone else', () => {
    spec.given([]).when('u1').thenThrows('not_found', ORDER_MESSAGES.notFound);
    spec.given([placed(), deleted]).when('u1').thenThrows('gone', ORDER_MESSAGES.deleted);
    spec.given([placed()]).when('u2').thenThrows('forbidden', ORDER_MESSAGES.notYours);
  });

  it('refuses an order already paid, a refunded one and one with nothing to pay', () => {
    spec.given([placed(), paid]).when('u1').thenThrows('conflict', ORDER_MESSAGES.alreadyPaid);
    spec
      .given([placed(), paid, refunded])
      .when('u1')
      .thenThrows('conflict', ORDER_MESSAGES.alreadyPaid);
    // A refund without a payment is history only an older version could have written.
    spec.given([placed(), refunded]).when('u1').thenThrows('conflict', ORDER_MESSAGES.refunded);
    spec
      .given([placed({ amount: 0 })])
      .when('u1')
      .thenThrows('conflict', ORDER_MESSAGES.noPaymentRequired);
  });

  it('checks ownership before payment: a stranger learns nothing about the order', () => {
    spec.given([placed(), paid]).when('u2').thenThrows('forbidden', ORDER_MESSAGES.notYours);
    spec.given([placed(), deleted]).when('u2').thenThrows('gone', ORDER_MESSAGES.deleted);
  });

  it('charges exactly the placed amount in minor units, whatever the amount (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom('INR' as const, 'USD' as const),
        (amount, currency) => {
          spec
            .given([placed({ amount, currency })])
            .when('u1')
            .then({ amountMinor: amount * 100, currency });
        },
      ),
    );
  });
});
