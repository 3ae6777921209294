import { DomainError } from '../core/domain-error';
import { ORDER_MESSAGES } from '../orders/order.commands';
import { type OrderState, orderGuards } from '../orders/order.decider';
import { toMinorUnits } from '../pricing/price-table';
import type { ChargeTerms } from './payment.commands';

/**
 * What a checkout may charge for an order: the order's own amount (from the price table when it
 * was placed), in the provider's minor units; the client sends none. The refusals are the order
 * decider's own guards, in its order (missing, deleted, someone else's, already paid), then the
 * two a charge adds: a refunded order, and one with nothing to pay.
 */
export function checkoutTerms(order: OrderState, userId: string): ChargeTerms {
  const { placed, ownedBy, unpaid } = orderGuards;
  const payable = unpaid(ownedBy(placed(order), userId));
  if (payable.status === 'refunded') throw new DomainError('conflict', ORDER_MESSAGES.refunded);
  if (payable.amount === 0) throw new DomainError('conflict', ORDER_MESSAGES.noPaymentRequired);
  return {
    amountMinor: toMinorUnits(payable.amount, payable.currency),
    currency: payable.currency,
  };
}
