import { randomUUID } from 'node:crypto';
import { orderStreamName, paymentStreamName } from '@shortlist/domain';
import type { RecordedEvent } from '@shortlist/eventstore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createPaymentsTestApp,
  eventually,
  type PaymentsTestApp,
} from '../../testing/payments-test-kit';

// Verify and webhook race: per order the browser's verify, Razorpay's payment.captured and
// order.paid (each redelivered under a new event id, as after a timeout) all hit the API. Each
// order must end with exactly one OrderPaid and one PaymentVerified, and both channels must
// have fulfilled some orders (else the test would not show the webhooks took part).
// 100 races in `npm test`, 1,000 with BATTERY=1 (the battery command sets it).
const BATTERY = process.env.BATTERY === '1';
const RACES = BATTERY ? 1000 : 100;
const WAVE = 100;

let t: PaymentsTestApp;

beforeAll(async () => {
  t = await createPaymentsTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Resolves as soon as the payment stream holds the PaymentVerified (polled tightly), or `done`. */
async function paymentVerified(orderId: string, done: () => boolean): Promise<void> {
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    if (done()) return;
    if ((await t.typesOf(paymentStreamName(orderId))).includes('PaymentVerified')) return;
    if (Date.now() > giveUpAt) throw new Error(`no PaymentVerified for ${orderId}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function sourceOf(event: RecordedEvent): 'verify' | 'webhook' | 'other' {
  const actor = String(event.metadata.actor);
  if (actor.startsWith('user:')) return 'verify';
  if (actor.startsWith('provider:')) return 'webhook';
  return 'other';
}

it(
  `gives exactly one OrderPaid per order when verify and webhooks race, ${RACES} orders`,
  async () => {
    const started = Date.now();
    const paidOrders: { orderId: string; paymentId: string }[] = [];
    for (let from = 0; from < RACES; from += WAVE) {
      const wave = await Promise.all(
        Array.from({ length: Math.min(WAVE, RACES - from) }, async (_, i) => {
          const buyer = await t.customer();
          const orderId = await t.placeOrder(buyer.id);
          const checkout = await t.post('/payments/checkout', { orderId }, buyer.token);
          expect(checkout.status).toBe(200);
          const providerOrderId = (checkout.body.razorpay as { order_id: string }).order_id;
          const paid = await t.pay(providerOrderId);
          return { race: from + i, orderId, token: buyer.token, providerOrderId, paid };
        }),
      );
      await Promise.all(
        wave.map(async ({ race, orderId, token, providerOrderId, paid }) => {
          const webhooks = t.emitted.filter(
            (e) => e.payload.payment?.entity.order_id === providerOrderId,
          );
          expect(webhooks.map((e) => e.event)).toEqual(['payment.captured', 'order.paid']);
          const verify = () =>
            t.post('/payments/verify', { orderId, ...paid }, token).then((answer) => {
              expect(answer.status).toBe(200);
            });
          const deliveries = () =>
            webhooks.flatMap((event) =>
              [1, 2].map(() =>
                t.deliver(event, { eventId: randomUUID() }).then((s) => expect(s).toBe(200)),
              ),
            );
          // Half the orders: everything at once (the race for PaymentVerified). The other half:
          // the webhooks go the moment verify's PaymentVerified is stored, and race it for
          // OrderPaid, the step after, where a crash or a slow verify leaves the webhook to finish.
          if (race % 2 === 0) {
            await Promise.all([verify(), ...deliveries()]);
            return;
          }
          let answered = false;
          const verified = verify().finally(() => {
            answered = true;
          });
          // (Or verify's answer, should it come first: then the webhooks only repeat it.)
          await paymentVerified(orderId, () => answered);
          await Promise.all([verified, ...deliveries()]);
        }),
      );
      paidOrders.push(
        ...wave.map(({ orderId, paid }) => ({ orderId, paymentId: paid.razorpay_payment_id })),
      );
    }

    await eventually(async () => {
      for (const { orderId } of paidOrders) {
        expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(1);
      }
    }, 60_000);
    // Every queued webhook job has run: nothing more may be appended after this.
    await t.services.queue.whenIdle();
    const bySource = { verify: 0, webhook: 0, other: 0 };
    const verifiedBy = { verify: 0, webhook: 0 };
    for (const { orderId, paymentId } of paidOrders) {
      const orderEvents = await t.events(orderStreamName(orderId));
      expect(orderEvents.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
      const [, orderPaid] = orderEvents;
      expect(orderPaid?.data.paymentId).toBe(paymentId);
      if (orderPaid !== undefined) bySource[sourceOf(orderPaid)] += 1;
      const paymentEvents = await t.events(paymentStreamName(orderId));
      expect(paymentEvents.map((e) => e.type)).toEqual([
        'CheckoutRequested',
        'CheckoutStarted',
        'PaymentVerified',
      ]);
      verifiedBy[paymentEvents[2]?.data.source === 'webhook' ? 'webhook' : 'verify'] += 1;
    }
    // Both channels fulfilled some orders: the webhooks really took part in the race.
    expect(bySource.verify).toBeGreaterThan(0);
    expect(bySource.webhook).toBeGreaterThan(0);
    expect(bySource.other).toBe(0);
    if (BATTERY) {
      console.log(
        `payment race battery: ${RACES} verify/webhook races (4 webhook deliveries + 1 verify each), ` +
          `${paidOrders.length} orders with exactly one OrderPaid; OrderPaid by verify ` +
          `${bySource.verify}, by webhook ${bySource.webhook}; PaymentVerified by verify ` +
          `${verifiedBy.verify}, by webhook ${verifiedBy.webhook}; ${Date.now() - started} ms`,
      );
    }
  },
  60_000 + RACES * 1_000,
);
