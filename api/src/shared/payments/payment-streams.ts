import {
  DomainError,
  ORDER_MESSAGES,
  type OrderState,
  type PaymentState,
  type StoredOrderEvent,
} from '@shortlist/domain';
import type { EventStore, Position } from '@shortlist/eventstore';
import { orders, payments } from '../../commands/aggregates';

/** Reads the two streams a payment touches, through their aggregates' loaders. */

export type PlacedOrder = Extract<OrderState, { kind: 'placed' }>;

export interface LoadedOrder {
  order: PlacedOrder;
  /**
   * The placement facts the state does not keep (e-mail, plan name), for the checkout; its
   * personal fields read null once the order's data was erased.
   */
  placed: Extract<StoredOrderEvent, { type: 'OrderPlaced' }>['data'];
  /** The global position of the stream's last event: what a reader of the order waits for. */
  position: Position | null;
}

/** The order, or the DomainError its absence means (404; 410 once deleted). */
export async function loadOrder(store: EventStore, orderId: string): Promise<LoadedOrder> {
  const { state: order, history, position } = await orders(store).load(orderId);
  const placedEvent = history.find((event) => event.type === 'OrderPlaced');
  if (order.kind === 'none' || placedEvent?.type !== 'OrderPlaced') {
    throw new DomainError('not_found', ORDER_MESSAGES.notFound);
  }
  return { order, placed: placedEvent.data, position };
}

export async function loadPayment(store: EventStore, orderId: string): Promise<PaymentState> {
  return (await payments(store).load(orderId)).state;
}
