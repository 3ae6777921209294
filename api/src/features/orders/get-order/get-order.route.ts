import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageSchema,
  orderParamsSchema,
  orderSchema,
  toOrderView,
} from '../../../shared/orders/order-view';
import { orderFor } from '../order-access';

const errors = { 401: messageSchema, 403: messageSchema, 404: messageSchema };

/**
 * GET /orders/{id} (checkout, receipt links) and GET /orders/{id}/suggestions (the review
 * modal): the owner's, or any for an admin.
 */
export const getOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id',
    {
      schema: {
        params: orderParamsSchema,
        response: { 200: z.object({ order: orderSchema }), ...errors },
      },
    },
    async (request) => {
      const row = await orderFor(app, request, request.params.id, 'read');
      return { order: toOrderView(row) };
    },
  );

  app.get(
    '/orders/:id/suggestions',
    {
      schema: {
        params: orderParamsSchema,
        response: { 200: z.object({ reviewSuggestions: z.string().nullable() }), ...errors },
      },
    },
    async (request) => {
      const row = await orderFor(app, request, request.params.id, 'read');
      // null when none yet: the modal then says 'No suggestions yet.' (SPEC §8).
      const text = row.review_suggestions;
      return { reviewSuggestions: text !== null && text.trim() !== '' ? text : null };
    },
  );
};
