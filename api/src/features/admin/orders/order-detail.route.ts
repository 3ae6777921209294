import type { StoredOrderEvent, StoredPaymentEvent } from '@shortlist/domain';
import {
  getAdminOrderDetailRoute,
  type OrderAtsCheckView,
  type OrderPaymentView,
  resumeViewSchema,
} from '@shortlist/domain/contract';
import type { EventStore } from '@shortlist/eventstore';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LoadedEvent } from '../../../commands/aggregate';
import { orders, payments } from '../../../commands/aggregates';
import { contractRoute } from '../../../shared/contract-route';
import { toOrderView } from '../../../shared/orders/order-view';
import { findOrderRow } from './admin-order';

/**
 * GET /admin/orders/{id}: any one order, paid or not, as the details drawer shows it. The order
 * and its resume form come from the read model (which the erasure scrubs); the payment facts
 * from the order's own stream, whose OrderPaid and OrderRefunded carry no personal data and so
 * outlive the erasure, as an accountant needs them to, and the method from the payment stream's
 * PaymentVerified (no personal data either). The ATS check comes from the order's stream too:
 * its score and verdicts outlive the erasure, its sealed parts then read null.
 */
export const orderDetailRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getAdminOrderDetailRoute, [400, 404]),
    handler: async (request) => {
      const row = await findOrderRow(app, request.params.id);
      const [account, streamFacts] = await Promise.all([
        app.db
          .selectFrom('users')
          .select(['id', 'name', 'email'])
          .where('id', '=', row.user_id)
          .executeTakeFirst(),
        paymentAndAtsFactsFromStreams(app.store, row.id),
      ]);
      const order = toOrderView(row);
      // Stored as the contract accepted it; a form of another shape (an older release's) is
      // left out rather than failing the whole drawer.
      const resume = row.resume === null ? null : resumeViewSchema.safeParse(row.resume);
      return {
        order,
        customer: account ?? null,
        resume: resume?.success ? resume.data : null,
        ...streamFacts,
        refundable: order.paymentStatus === 'paid' && order.status === 'pending',
        erasedAt: row.erased_at?.toISOString() ?? null,
      };
    },
  });
};

/**
 * A stream query (the order's and the payment's streams, not a read model): the payment facts and
 * the ATS check outlive the erasure that scrubs the read model, and only the streams keep them.
 */
async function paymentAndAtsFactsFromStreams(
  store: EventStore,
  orderId: string,
): Promise<{ payment: OrderPaymentView | null; atsCheck: OrderAtsCheckView | null }> {
  const [order, payment] = await Promise.all([
    orders(store).load(orderId),
    payments(store).load(orderId),
  ]);
  return {
    payment: paymentFacts(order.history, paymentMethods(payment.history)),
    atsCheck: atsCheckOf(order.history),
  };
}

/** How each verified payment was made, by payment id, where the provider told us. */
function paymentMethods(
  history: readonly LoadedEvent<StoredPaymentEvent>[],
): ReadonlyMap<string, string> {
  const methods = new Map<string, string>();
  for (const event of history) {
    if (event.type !== 'PaymentVerified') continue;
    const { paymentId, method } = event.data;
    if (method !== undefined) methods.set(paymentId, method);
  }
  return methods;
}

/** The last payment that paid the order, and the refunds recorded after it. */
function paymentFacts(
  history: readonly LoadedEvent<StoredOrderEvent>[],
  methods: ReadonlyMap<string, string>,
): OrderPaymentView | null {
  let payment: OrderPaymentView | null = null;
  for (const event of history) {
    const { at } = event.metadata;
    if (event.type === 'OrderPaid') {
      payment = {
        providerOrderId: event.data.providerOrderId,
        paymentId: event.data.paymentId,
        amount: event.data.amount,
        currency: event.data.currency,
        // Unknown for payments recorded before the method was kept, or when verify could not
        // look the payment up.
        method: methods.get(event.data.paymentId) ?? null,
        paidAt: at,
        refunds: [],
      };
    } else if (event.type === 'OrderRefunded' && payment !== null) {
      const { refundId, amount, currency } = event.data;
      payment.refunds.push({ refundId, amount, currency, at });
    }
  }
  return payment;
}

/** The ATS check recorded with the order, if it was placed from the ATS check page. */
function atsCheckOf(history: readonly LoadedEvent<StoredOrderEvent>[]): OrderAtsCheckView | null {
  for (const event of history) {
    if (event.type !== 'AtsCheckRecorded') continue;
    const { data } = event;
    return {
      checkedAt: event.metadata.at,
      score: data.score,
      kind: data.kind,
      pages: data.pages,
      words: data.words,
      checks: data.checks.map((check, index) => ({
        ...check,
        message: data.checkMessages?.[index] ?? null,
      })),
      jobMatch: data.jobMatch,
      limitations: data.limitations,
      text: data.extractedText,
      fields: data.fields,
    };
  }
  return null;
}
