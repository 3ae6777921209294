import { type OpenDelivery, orderDecider, orderStreamName } from '@shortlist/domain';
import { openOrderDeliveryRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { contractRoute } from '../../../shared/contract-route';
import { toOrderView } from '../../../shared/orders/order-view';
import { orderFor } from '../order-access';

/**
 * POST /orders/{id}/delivery-opened: the customer opened the delivery, so the "new delivery"
 * marker goes. Only the owner's opening counts (an admin reading the order is not the customer
 * seeing it); the decider records it once per delivery, so repeated calls append nothing.
 */
export const openDeliveryRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, openOrderDeliveryRoute, [400, 403, 404, 410]),
    handler: async (request) => {
      const row = await orderFor(app, request, request.params.id, 'change');
      const command: OpenDelivery = {
        type: 'OpenDelivery',
        data: { userId: request.user.id },
        metadata: commandMetadataFor(request),
      };
      const { position } = await handleCommand({
        store: app.store,
        streamName: orderStreamName(row.id),
        decider: orderDecider,
        command,
      });
      await app.waitForProjections(position, ['orders']);
      return { order: toOrderView(await orderFor(app, request, row.id, 'change')) };
    },
  });
};
