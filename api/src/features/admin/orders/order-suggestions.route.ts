import { multiLineText } from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderSchema } from '../../../shared/orders/order-view';
import { ADMIN_MESSAGES } from '../admin.messages';
import { authErrors, idParamsSchema, messageSchema } from '../admin.schemas';
import { runAdminOrderCommand } from './admin-order';

/**
 * PUT /admin/orders/{orderId}/suggestions {text}: the review's written suggestions, which the
 * customer then reads on GET /orders/{id}/suggestions. Only resume_review orders take them and
 * blank text is refused: both are the Order decider's rules (400 with its message).
 */
export const orderSuggestionsRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/orders/:id/suggestions',
    {
      schema: {
        params: idParamsSchema,
        body: z.object({
          text: multiLineText().max(20_000, 'Suggestions must be at most 20000 characters.'),
        }),
        response: {
          200: z.object({ message: z.string(), order: orderSchema }),
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
          410: messageSchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const order = await runAdminOrderCommand(app, request, request.params.id, {
        type: 'SaveReviewSuggestions',
        data: { text: request.body.text },
      });
      return { message: ADMIN_MESSAGES.suggestionsSaved, order };
    },
  );
};
