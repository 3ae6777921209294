import { ADMIN_MESSAGES, saveOrderSuggestionsRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';
import { runAdminOrderCommand } from './admin-order';

/**
 * PUT /admin/orders/{orderId}/suggestions {text}: the review's written suggestions, which the
 * customer then reads on GET /orders/{id}/suggestions. Only resume_review orders take them and
 * blank text is refused: both are the Order decider's rules (400 with its message).
 */
export const orderSuggestionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, saveOrderSuggestionsRoute, [400, 404, 409, 410]),
    handler: async (request) => {
      const order = await runAdminOrderCommand(app, request, request.params.id, {
        type: 'SaveReviewSuggestions',
        data: { text: request.body.text },
      });
      return { message: ADMIN_MESSAGES.suggestionsSaved, order };
    },
  });
};
