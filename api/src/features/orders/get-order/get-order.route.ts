import { getOrderRoute, getOrderSuggestionsRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';
import { toOrderView } from '../../../shared/orders/order-view';
import { orderFor } from '../order-access';

/**
 * GET /orders/{id} (checkout, receipt links) and GET /orders/{id}/suggestions (the review
 * modal): the owner's, or any for an admin.
 */
export const getOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getOrderRoute, [400, 403, 404]),
    handler: async (request) => {
      const row = await orderFor(app, request, request.params.id, 'read');
      return { order: toOrderView(row) };
    },
  });

  app.route({
    ...contractRoute(app, getOrderSuggestionsRoute, [400, 403, 404]),
    handler: async (request) => {
      const row = await orderFor(app, request, request.params.id, 'read');
      // null when none yet: the modal then says 'No suggestions yet.' (SPEC §8).
      const text = row.review_suggestions;
      return { reviewSuggestions: text !== null && text.trim() !== '' ? text : null };
    },
  });
};
