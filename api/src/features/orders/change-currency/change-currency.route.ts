import { type ChangeOrderCurrency, orderDecider, orderStreamName } from '@shortlist/domain';
import { changeOrderCurrencyRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { contractRoute } from '../../../shared/contract-route';
import { toOrderView } from '../../../shared/orders/order-view';
import { orderFor } from '../order-access';
import { ORDER_ROUTE_MESSAGES } from '../orders.messages';

/**
 * PATCH /orders/{id}/currency {currency: 'inr' | 'usd'}: the checkout's currency toggle. The
 * decider allows it only on the owner's unpaid order with a positive amount (SPEC §4) and
 * re-prices it from the price table.
 */
export const changeCurrencyRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, changeOrderCurrencyRoute, [400, 403, 404, 409, 410]),
    handler: async (request) => {
      const row = await orderFor(app, request, request.params.id, 'change');
      const { currency } = request.body;
      const command: ChangeOrderCurrency = {
        type: 'ChangeOrderCurrency',
        data: { userId: request.user.id, currency },
        metadata: commandMetadataFor(request),
      };
      const { position } = await handleCommand({
        store: app.store,
        streamName: orderStreamName(row.id),
        decider: orderDecider,
        command,
      });
      await app.waitForProjections(position, ['orders']);
      const updated = await orderFor(app, request, row.id, 'change');
      return {
        order: toOrderView(updated),
        message: ORDER_ROUTE_MESSAGES.currencyUpdated(currency),
      };
    },
  });
};
