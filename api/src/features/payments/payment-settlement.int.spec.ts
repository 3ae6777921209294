import { randomUUID } from 'node:crypto';
import { ORDER_MESSAGES, orderStreamName, paymentStreamName } from '@shortlist/domain';
import type { Position } from '@shortlist/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Customer,
  createPaymentsTestApp,
  type PaymentsTestApp,
} from '../../testing/payments-test-kit';
import {
  RECONCILE_INTERVAL_MS,
  reconcilePayments,
  scheduleReconcileRun,
} from './reconcile-payments';

// Money taken is never kept without a service: every captured payment ends paying its order or
// refunded, whichever channel (verify or webhook) reports it, and the reconciliation job settles
// the ones nobody did.
let t: PaymentsTestApp;

beforeAll(async () => {
  t = await createPaymentsTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Paid = Awaited<ReturnType<PaymentsTestApp['pay']>>;

/** One reconciliation run, without the minimum age: these captures are seconds old. */
const reconcile = (after: Position | null = null) =>
  reconcilePayments(t.app, { minAgeMs: 0, after });

function emittedFor(event: string, providerOrderId: string) {
  const found = t.emitted.find(
    (e) => e.event === event && e.payload.payment?.entity.order_id === providerOrderId,
  );
  if (found === undefined) throw new Error(`no ${event} for ${providerOrderId}`);
  return found;
}

async function refundIssued(orderId: string) {
  return (await t.events(paymentStreamName(orderId))).filter((e) => e.type === 'RefundIssued');
}

/** The capture lands on the payment stream, then the process dies before the order's write. */
async function capturedWithoutOrderWrite(): Promise<{
  orderId: string;
  customer: Customer;
  paid: Paid;
}> {
  const { orderId, customer, providerOrderId } = await t.checkedOut();
  const userId = customer.id;
  const paid = await t.pay(providerOrderId);
  const captureId = randomUUID();
  const { position } = await t.services.store.append(paymentStreamName(orderId), [
    {
      id: captureId,
      type: 'PaymentVerified',
      data: {
        orderId,
        providerOrderId,
        paymentId: paid.razorpay_payment_id,
        amountMinor: 85_000,
        currency: 'INR',
        source: 'verify',
      },
      metadata: { actor: `user:${userId}`, correlationId: randomUUID(), causationId: null },
    },
  ]);
  // The job scans $all, which shows an event once no older transaction (the app's projections
  // run beside it) can still commit before it. The read models passing it usually means so, but
  // the wait gives up quietly after PROJECTION_WAIT_MS: a scan is asked directly as well.
  await t.app.waitForProjections(position, ['orders']);
  await expect.poll(() => scanSees(captureId), { timeout: 15_000, interval: 50 }).toBe(true);
  return { orderId, customer, paid };
}

/** Whether a scan of $all from the start, as the job makes one, reaches the event. */
async function scanSees(eventId: string): Promise<boolean> {
  let after: Position | null = null;
  for (;;) {
    const page = await t.services.store.readAll({ after, limit: 1_000 });
    if (page.some((event) => event.id === eventId)) return true;
    const last = page.at(-1);
    if (last === undefined || page.length < 1_000) return false;
    after = last.position;
  }
}

describe('a payment captured for an order it can no longer pay', () => {
  it('is refunded when the customer switched to USD after checkout and verify reports it', async () => {
    const { orderId, customer, providerOrderId } = await t.checkedOut();
    const userId = customer.id;
    await t.onOrder(orderId, { type: 'ChangeOrderCurrency', data: { userId, currency: 'USD' } });
    const paid = await t.pay(providerOrderId);

    const verify = await t.post('/payments/verify', { orderId, ...paid }, customer.token);
    expect(verify).toEqual({ status: 409, body: { message: ORDER_MESSAGES.amountMismatch } });

    const refunds = await t.sandbox.refundsOf(paid.razorpay_payment_id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 85_000, currency: 'INR' });
    expect((await refundIssued(orderId)).map((e) => e.data)).toEqual([
      expect.objectContaining({
        paymentId: paid.razorpay_payment_id,
        amountMinor: 85_000,
        currency: 'INR',
        reason: 'amount_mismatch',
      }),
    ]);
    // The webhook's report of the same capture, and Razorpay's refund.processed: nothing more.
    expect(await t.deliver(emittedFor('payment.captured', providerOrderId))).toBe(200);
    const processed = t.emitted.find(
      (e) =>
        e.event === 'refund.processed' &&
        e.payload.refund?.entity.payment_id === paid.razorpay_payment_id,
    );
    if (processed === undefined) throw new Error('no refund.processed');
    expect(await t.deliver(processed)).toBe(200);
    await t.services.queue.whenIdle();
    expect(await t.sandbox.refundsOf(paid.razorpay_payment_id)).toHaveLength(1);
    expect(await refundIssued(orderId)).toHaveLength(1);
    expect(await t.typesOf(orderStreamName(orderId))).toEqual([
      'OrderPlaced',
      'OrderCurrencyChanged',
    ]);
  });

  it('is refunded when the webhook reports it first', async () => {
    const { orderId, customer, providerOrderId } = await t.checkedOut();
    const userId = customer.id;
    await t.onOrder(orderId, { type: 'ChangeOrderCurrency', data: { userId, currency: 'USD' } });
    const paid = await t.pay(providerOrderId);
    expect(await t.deliver(emittedFor('payment.captured', providerOrderId))).toBe(200);
    await t.services.queue.whenIdle();
    expect(await t.sandbox.refundsOf(paid.razorpay_payment_id)).toHaveLength(1);
    expect((await refundIssued(orderId)).map((e) => e.data.reason)).toEqual(['amount_mismatch']);
    // The browser's verify arrives late: still one refund, the order still unpaid.
    const verify = await t.post('/payments/verify', { orderId, ...paid }, customer.token);
    expect(verify.status).toBe(409);
    expect(await t.sandbox.refundsOf(paid.razorpay_payment_id)).toHaveLength(1);
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(0);
  });

  it('is refunded when the customer deleted the order after checkout', async () => {
    const { orderId, customer, providerOrderId } = await t.checkedOut();
    const userId = customer.id;
    await t.onOrder(orderId, { type: 'DeleteOrder', data: { userId } });
    const paid = await t.pay(providerOrderId);
    const verify = await t.post('/payments/verify', { orderId, ...paid }, customer.token);
    expect(verify).toEqual({ status: 410, body: { message: ORDER_MESSAGES.deleted } });
    expect(await t.deliver(emittedFor('payment.captured', providerOrderId))).toBe(200);
    await t.services.queue.whenIdle();
    expect(await t.sandbox.refundsOf(paid.razorpay_payment_id)).toHaveLength(1);
    expect((await refundIssued(orderId)).map((e) => e.data.reason)).toEqual(['order_deleted']);
    expect(await t.typesOf(orderStreamName(orderId))).toEqual(['OrderPlaced', 'OrderDeleted']);
  });
});

describe('the reconciliation job', () => {
  it('fulfils a capture whose order write never happened, and a second run changes nothing', async () => {
    const { orderId, paid } = await capturedWithoutOrderWrite();
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(0);

    const first = await reconcile();
    expect(first.fulfilled).toBeGreaterThanOrEqual(1);
    const orderPaid = (await t.events(orderStreamName(orderId))).filter(
      (e) => e.type === 'OrderPaid',
    );
    expect(orderPaid.map((e) => e.data.paymentId)).toEqual([paid.razorpay_payment_id]);

    const before = [
      await t.typesOf(orderStreamName(orderId)),
      await t.typesOf(paymentStreamName(orderId)),
    ];
    const second = await reconcile();
    expect(second).toMatchObject({ fulfilled: 0, refunded: 0, failed: 0 });
    expect([
      await t.typesOf(orderStreamName(orderId)),
      await t.typesOf(paymentStreamName(orderId)),
    ]).toEqual(before);
    expect(await t.sandbox.refundsOf(paid.razorpay_payment_id)).toHaveLength(0);
  });

  it('refunds a capture the order can no longer take, once however often it runs', async () => {
    const { orderId, customer, paid } = await capturedWithoutOrderWrite();
    const userId = customer.id;
    // Before anyone marked it paid, the customer switched the order to USD.
    await t.onOrder(orderId, { type: 'ChangeOrderCurrency', data: { userId, currency: 'USD' } });

    const first = await reconcile();
    expect(first.refunded).toBeGreaterThanOrEqual(1);
    expect(await t.sandbox.refundsOf(paid.razorpay_payment_id)).toHaveLength(1);
    expect((await refundIssued(orderId)).map((e) => e.data.reason)).toEqual(['amount_mismatch']);
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(0);

    const second = await reconcile();
    expect(second).toMatchObject({ fulfilled: 0, refunded: 0, failed: 0 });
    expect(await t.sandbox.refundsOf(paid.razorpay_payment_id)).toHaveLength(1);
    expect(await refundIssued(orderId)).toHaveLength(1);
    expect(await t.countOf(orderStreamName(orderId), 'OrderRefunded')).toBe(0);
    // The money went back and the order is still unpaid: the customer can pay it in USD now.
    const again = await t.post('/payments/checkout', { orderId }, customer.token);
    expect(again.status).toBe(200);
    expect(again.body.razorpay).toMatchObject({ amount: 1_700, currency: 'USD' });
  });

  it("runs as the app's queued job, and leaves a capture younger than its minimum age alone", async () => {
    const { orderId } = await capturedWithoutOrderWrite();
    // A slot of its own, far ahead, run now: the job the app registered, with its real settings.
    const runAt = new Date(Date.now() + 1000 * RECONCILE_INTERVAL_MS);
    await scheduleReconcileRun(t.services.queue, runAt, runAt);
    await t.services.queue.whenIdle();
    const finished = t.logs.entries().find((e) => e.msg === 'Payment reconciliation finished');
    expect(finished).toMatchObject({ failed: 0, fulfilled: 0 });
    expect(finished?.young).toBeGreaterThanOrEqual(1);
    // Seconds old: verify and the webhook may still report it, so the job did not race them.
    expect(await t.countOf(orderStreamName(orderId), 'OrderPaid')).toBe(0);
    expect((await reconcile()).fulfilled).toBeGreaterThanOrEqual(1);
  });

  it('resumes its scan where the last run left it, and still finds a later capture', async () => {
    const everything = await reconcile();
    expect(everything.failed).toBe(0);
    const { orderId, paid } = await capturedWithoutOrderWrite();
    const resumed = await reconcile(everything.resumeAfter);
    // Only the new order's capture was looked at, and it was fulfilled.
    expect(resumed).toMatchObject({ captures: 1, fulfilled: 1, refunded: 0, failed: 0 });
    const orderPaid = (await t.events(orderStreamName(orderId))).filter(
      (e) => e.type === 'OrderPaid',
    );
    expect(orderPaid.map((e) => e.data.paymentId)).toEqual([paid.razorpay_payment_id]);
  });
});
