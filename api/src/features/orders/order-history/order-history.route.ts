import { listMyOrdersRoute } from '@shortlist/domain/contract';
import { selectPrepared } from '@shortlist/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../auth/auth-token';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { ORDER_VIEW_COLUMNS, toOrderView } from '../../../shared/orders/order-view';
import { callerEmail } from '../order-access';

/**
 * GET /orders/history/{email}: every order of the caller, newest first, paid and unpaid (the
 * orders page shows the paid ones in its table and the unpaid in its banner, SPEC §2). The
 * e-mail in the path must be the caller's own (ARCHITECTURE.md); the orders are found by the
 * caller's id, so an order whose e-mail was erased is still listed.
 */
export const orderHistoryRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, listMyOrdersRoute, [400, 403]),
    handler: async (request) => {
      // Both asked at once (one round trip of waiting, not two); the orders are only sent once
      // the e-mail is known to be the caller's.
      const [own, rows] = await Promise.all([
        callerEmail(app, request),
        selectPrepared(
          app.db,
          app.db
            .selectFrom('orders')
            .select(ORDER_VIEW_COLUMNS)
            .where('user_id', '=', request.user.id)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .compile(),
        ),
      ]);
      if (request.params.email.trim().toLowerCase() !== own.toLowerCase()) {
        throw new HttpError(403, MESSAGES.forbidden);
      }
      return { orders: rows.map(toOrderView) };
    },
  });
};
