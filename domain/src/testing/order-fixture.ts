import type { PlaceOrder } from '../orders/order.commands';
import { DEFAULT_DESCRIPTIONS, PLAN_NAMES } from '../orders/order.decider';
import type { OrderPlaced } from '../orders/order.events';
import { priceOf } from '../pricing/price-table';

/**
 * The data of a valid `PlaceOrder`: a resume review in INR with one uploaded file. Specs pass
 * only the fields they care about, so a field added to the command is defaulted here once
 * instead of in every spec.
 */
export function placeOrderData(overrides: Partial<PlaceOrder['data']> = {}): PlaceOrder['data'] {
  return {
    orderId: 'order-1',
    userId: 'user-1',
    userEmail: 'asha@example.com',
    service: 'resume_review',
    description: '',
    currency: 'INR',
    resume: null,
    customerUploads: [{ fileId: 'file-1', name: 'cv.pdf' }],
    ...overrides,
  };
}

/**
 * The data of the `OrderPlaced` the decider would record for `placeOrderData(overrides)`: plan
 * name, description and amount follow the service and currency from the catalogue and price
 * table, unless the overrides set them.
 */
export function orderPlacedData(overrides: Partial<OrderPlaced['data']> = {}): OrderPlaced['data'] {
  const { atsCheck: _, ...command } = placeOrderData();
  const service = overrides.service ?? command.service;
  const currency = overrides.currency ?? command.currency;
  return {
    ...command,
    service,
    currency,
    planName: PLAN_NAMES[service],
    description: DEFAULT_DESCRIPTIONS[service],
    amount: priceOf(service, currency),
    ...overrides,
  };
}
