import {
  type OrderCommand,
  type OrderEvent,
  type OrderState,
  orderDecider,
  orderStreamName,
} from '@shortlist/domain';
import type { OrderView } from '@shortlist/domain/contract';
import { ADMIN_MESSAGES } from '@shortlist/domain/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { HttpError } from '../../../shared/http-error';
import { toOrderView } from '../../../shared/orders/order-view';

/** Any order (admins see them all), or 404 with the admin screen's wording. */
export async function findOrderRow(app: FastifyInstance, orderId: string) {
  const row = await app.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (row === undefined) throw new HttpError(404, ADMIN_MESSAGES.orderNotFound);
  return row;
}

export async function findOrderView(app: FastifyInstance, orderId: string): Promise<OrderView> {
  return toOrderView(await findOrderRow(app, orderId));
}

/** The admin's order commands, minus the metadata the request supplies. */
type AdminOrderCommand = Extract<
  OrderCommand,
  { type: 'SetOrderStatus' | 'AttachDelivery' | 'RemoveDelivery' | 'SaveReviewSuggestions' }
>;
type WithoutMetadata<C> = C extends OrderCommand ? Omit<C, 'metadata'> : never;

/**
 * Runs one admin command on `order-{id}` (the Order decider holds the rules: 404/410 for a
 * missing or deleted order, 409 on a refunded one, 400 for suggestions on a non-review order),
 * waits for the read model, and answers the order as it now reads.
 */
export async function runAdminOrderCommand(
  app: FastifyInstance,
  request: FastifyRequest,
  orderId: string,
  command: WithoutMetadata<AdminOrderCommand>,
): Promise<OrderView> {
  const { position } = await handleCommand<OrderState, OrderCommand, OrderEvent>({
    store: app.store,
    streamName: orderStreamName(orderId),
    decider: orderDecider,
    command: { ...command, metadata: commandMetadataFor(request) },
  });
  await app.waitForProjections(position, ['orders']);
  return findOrderView(app, orderId);
}
