import {
  type CommandMetadata,
  DomainError,
  fold,
  ORDER_MESSAGES,
  type OrderEvent,
  type OrderPlaced,
  type OrderState,
  orderDecider,
  orderStreamName,
  type PaymentEvent,
  type PaymentState,
  paymentDecider,
  paymentStreamName,
} from '@shortlist/domain';
import type { EventStore, Position, RecordedEvent } from '@shortlist/eventstore';

/** Reads and folds the two streams a payment touches. */

// The streams were written by these deciders, so their events have the deciders' shapes; the
// store only knows JSON (handle-command.ts makes the same assumption).
function asOrderEvent(event: RecordedEvent): OrderEvent {
  return { type: event.type, data: event.data } as OrderEvent;
}
function asPaymentEvent(event: RecordedEvent): PaymentEvent {
  return { type: event.type, data: event.data } as PaymentEvent;
}

export type PlacedOrder = Extract<OrderState, { kind: 'placed' }>;

export interface LoadedOrder {
  order: PlacedOrder;
  /** The placement facts the state does not keep (e-mail, plan name), for the checkout. */
  placed: OrderPlaced['data'];
  /** The global position of the stream's last event: what a reader of the order waits for. */
  position: Position | null;
}

/** The order, or the DomainError its absence means (404; 410 once deleted). */
export async function loadOrder(store: EventStore, orderId: string): Promise<LoadedOrder> {
  const { events } = await store.readStream(orderStreamName(orderId));
  const orderEvents = events.map(asOrderEvent);
  const order = fold(orderDecider, orderEvents);
  const placedEvent = orderEvents.find((event) => event.type === 'OrderPlaced');
  if (order.kind === 'none' || placedEvent?.type !== 'OrderPlaced') {
    throw new DomainError('not_found', ORDER_MESSAGES.notFound);
  }
  return { order, placed: placedEvent.data, position: events.at(-1)?.position ?? null };
}

export async function loadPayment(store: EventStore, orderId: string): Promise<PaymentState> {
  const { events } = await store.readStream(paymentStreamName(orderId));
  return fold(paymentDecider, events.map(asPaymentEvent));
}

export function commandMetadata(
  actor: string,
  now: Date,
  correlationId: string,
  causationId: string | null = null,
): CommandMetadata {
  return { actor, correlationId, causationId, now: now.toISOString() };
}
