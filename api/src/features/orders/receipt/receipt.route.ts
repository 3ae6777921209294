import { type Currency, isCurrency } from '@shortlist/domain';
import { getOrderReceiptRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { receiptHtml } from '../../../shared/orders/receipt-html';
import { orderFor } from '../order-access';
import { ORDER_ROUTE_MESSAGES } from '../orders.messages';

const BRAND = 'Shortlist';

/**
 * GET /orders/{id}/receipt: a printable HTML receipt of a paid order (the `receiptUrl` and
 * `invoiceUrl` of an Order), for its owner or an admin.
 */
export const receiptRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getOrderReceiptRoute, [400, 403, 404]),
    handler: async (request, reply) => {
      const row = await orderFor(app, request, request.params.id, 'read');
      if (row.payment_status !== 'paid' || row.paid_at === null) {
        throw new HttpError(404, ORDER_ROUTE_MESSAGES.noReceipt);
      }
      const currency: Currency = isCurrency(row.currency) ? row.currency : 'INR';
      const html = receiptHtml({
        orderId: row.id,
        planName: row.plan_name,
        amount: Number(row.amount),
        currency,
        paidAt: row.paid_at,
        brand: BRAND,
      });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(html);
    },
  });
};
